import { createLazyRoute } from '@tanstack/react-router'
import { usePagePayload } from '#src/lib/payload'
import { PageSections } from '#src/sections/page-sections/page-sections'
import type { SectionsPageContent } from '#src/sections/page-sections/section-types'

export const Route = createLazyRoute('/_agency/performance')({ component: PerformancePage })

function PerformancePage() {
  const { page } = usePagePayload<SectionsPageContent>('/performance')
  return <PageSections sections={page.sections} />
}
