import { createLazyRoute } from '@tanstack/react-router'
import { usePagePayload } from '#src/lib/use-page-payload'
import { PageIntro, type PageIntroContent } from '#src/sections/page-intro/page-intro'

export const Route = createLazyRoute('/_agency/web-to-shop')({ component: WebToShopPage })

function WebToShopPage() {
  const { page } = usePagePayload<PageIntroContent>('/web-to-shop')
  return <PageIntro {...page} />
}
