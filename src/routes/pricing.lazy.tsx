import { createLazyRoute } from '@tanstack/react-router'
import { usePagePayload } from '#src/lib/use-page-payload'
import { PageIntro, type PageIntroContent } from '#src/sections/page-intro/page-intro'

export const Route = createLazyRoute('/_site/pricing')({ component: PricingPage })

function PricingPage() {
  const { page } = usePagePayload<PageIntroContent>('/pricing')
  return <PageIntro {...page} />
}
