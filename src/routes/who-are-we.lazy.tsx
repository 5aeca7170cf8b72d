import { createLazyRoute } from '@tanstack/react-router'
import { usePagePayload } from '#src/lib/use-page-payload'
import { PageIntro, type PageIntroContent } from '#src/sections/page-intro/page-intro'

export const Route = createLazyRoute('/_site/who-are-we')({ component: WhoAreWePage })

function WhoAreWePage() {
  const { page } = usePagePayload<PageIntroContent>('/who-are-we')
  return <PageIntro {...page} />
}
