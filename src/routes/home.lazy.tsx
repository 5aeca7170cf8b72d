import { createLazyRoute } from '@tanstack/react-router'
import { usePagePayload } from '#src/lib/use-page-payload'
import { PageIntro, type PageIntroContent } from '#src/sections/page-intro/page-intro'

export const Route = createLazyRoute('/_site/')({ component: HomePage })

function HomePage() {
  const { page } = usePagePayload<PageIntroContent>('/')
  return <PageIntro {...page} />
}
