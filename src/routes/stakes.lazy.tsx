import { createLazyRoute } from '@tanstack/react-router'
import { usePagePayload } from '#src/lib/use-page-payload'
import { PageIntro, type PageIntroContent } from '#src/sections/page-intro/page-intro'

export const Route = createLazyRoute('/_site/les-enjeux')({ component: StakesPage })

function StakesPage() {
  const { page } = usePagePayload<PageIntroContent>('/les-enjeux')
  return <PageIntro {...page} />
}
