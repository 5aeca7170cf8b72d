import { createLazyRoute } from '@tanstack/react-router'
import { usePagePayload } from '#src/lib/payload'
import { PageSections } from '#src/sections/page-sections/page-sections'
import type { SectionsPageContent } from '#src/sections/page-sections/section-types'

export const Route = createLazyRoute('/_agency/advice')({ component: AdvicePage })

function AdvicePage() {
  const { page } = usePagePayload<SectionsPageContent>('/advice')
  return <PageSections sections={page.sections} />
}
