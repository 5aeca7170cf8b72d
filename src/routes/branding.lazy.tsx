import { createLazyRoute } from '@tanstack/react-router'
import { usePagePayload } from '#src/lib/payload'
import { PageSections } from '#src/sections/page-sections/page-sections'
import type { SectionsPageContent } from '#src/sections/page-sections/section-types'

export const Route = createLazyRoute('/_agency/branding')({ component: BrandingPage })

function BrandingPage() {
  const { page } = usePagePayload<SectionsPageContent>('/branding')
  return <PageSections sections={page.sections} />
}
