import { createLazyRoute } from '@tanstack/react-router'
import { usePagePayload } from '#src/lib/use-page-payload'
import { PageIntro, type PageIntroContent } from '#src/sections/page-intro/page-intro'

export const Route = createLazyRoute('/_site/application')({ component: ApplicationPage })

function ApplicationPage() {
  const { page } = usePagePayload<PageIntroContent>('/application')
  return <PageIntro {...page} />
}
