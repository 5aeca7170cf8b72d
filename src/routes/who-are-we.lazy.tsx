import { createLazyRoute } from '@tanstack/react-router'
import { usePagePayload } from '#src/lib/payload'
import { PageSections } from '#src/sections/page-sections/page-sections'
import type { SectionsPageContent } from '#src/sections/page-sections/section-types'

export const Route = createLazyRoute('/_site/who-are-we')({ component: WhoAreWePage })

function WhoAreWePage() {
  const { page } = usePagePayload<SectionsPageContent>('/who-are-we')
  return <PageSections sections={page.sections} />
}
