import { createLazyRoute } from '@tanstack/react-router'
import { usePagePayload } from '#src/lib/payload'
import { PageSections } from '#src/sections/page-sections/page-sections'
import type { SectionsPageContent } from '#src/sections/page-sections/section-types'

export const Route = createLazyRoute('/_site/cas-clients')({ component: CustomersPage })

function CustomersPage() {
  const { page } = usePagePayload<SectionsPageContent>('/cas-clients')
  return <PageSections sections={page.sections} />
}
