import { createLazyRoute } from '@tanstack/react-router'
import { usePagePayload } from '#src/lib/use-page-payload'
import { PageIntro, type PageIntroContent } from '#src/sections/page-intro/page-intro'

export const Route = createLazyRoute('/_site/mentions-legales')({ component: LegalNoticePage })

function LegalNoticePage() {
  const { page } = usePagePayload<PageIntroContent>('/mentions-legales')
  return <PageIntro {...page} />
}
