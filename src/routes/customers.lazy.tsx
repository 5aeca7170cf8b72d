import { createLazyRoute } from '@tanstack/react-router'
import { usePagePayload } from '#src/lib/use-page-payload'
import { PageIntro, type PageIntroContent } from '#src/sections/page-intro/page-intro'

export const Route = createLazyRoute('/_site/cas-clients')({ component: CustomersPage })

function CustomersPage() {
  const { page } = usePagePayload<PageIntroContent>('/cas-clients')
  return <PageIntro {...page} />
}
