import { createLazyRoute } from '@tanstack/react-router'
import { usePagePayload } from '#src/lib/payload'
import { PageSections } from '#src/sections/page-sections/page-sections'
import type { SectionsPageContent } from '#src/sections/page-sections/section-types'

export const Route = createLazyRoute('/_agency/acquisition')({ component: AcquisitionPage })

function AcquisitionPage() {
  const { page } = usePagePayload<SectionsPageContent>('/acquisition')
  return <PageSections sections={page.sections} />
}
