import { createLazyRoute } from '@tanstack/react-router'
import { usePagePayload } from '#src/lib/use-page-payload'
import { PageIntro, type PageIntroContent } from '#src/sections/page-intro/page-intro'

export const Route = createLazyRoute('/_site/confidentialite')({ component: PrivacyPage })

function PrivacyPage() {
  const { page } = usePagePayload<PageIntroContent>('/confidentialite')
  return <PageIntro {...page} />
}
