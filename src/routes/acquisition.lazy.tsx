import { createLazyRoute } from '@tanstack/react-router'
import { usePagePayload } from '#src/lib/use-page-payload'
import { PageIntro, type PageIntroContent } from '#src/sections/page-intro/page-intro'

export const Route = createLazyRoute('/_agency/acquisition')({ component: AcquisitionPage })

function AcquisitionPage() {
  const { page } = usePagePayload<PageIntroContent>('/acquisition')
  return <PageIntro {...page} />
}
