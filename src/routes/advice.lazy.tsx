import { createLazyRoute } from '@tanstack/react-router'
import { usePagePayload } from '#src/lib/use-page-payload'
import { PageIntro, type PageIntroContent } from '#src/sections/page-intro/page-intro'

export const Route = createLazyRoute('/_agency/advice')({ component: AdvicePage })

function AdvicePage() {
  const { page } = usePagePayload<PageIntroContent>('/advice')
  return <PageIntro {...page} />
}
