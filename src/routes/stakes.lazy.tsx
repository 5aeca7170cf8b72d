import { createLazyRoute } from '@tanstack/react-router'
import { usePagePayload } from '#src/lib/payload'
import { PageSections } from '#src/sections/page-sections/page-sections'
import type { SectionsPageContent } from '#src/sections/page-sections/section-types'

export const Route = createLazyRoute('/_site/les-enjeux')({ component: StakesPage })

function StakesPage() {
  const { page } = usePagePayload<SectionsPageContent>('/les-enjeux')
  return <PageSections sections={page.sections} />
}
