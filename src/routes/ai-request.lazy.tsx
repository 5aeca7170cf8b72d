import { createLazyRoute } from '@tanstack/react-router'
import { AiGenerator } from '#src/features/ai-generator/ai-generator'
import { usePagePayload } from '#src/lib/payload'
import { PageIntro, type PageIntroContent } from '#src/sections/page-intro/page-intro'

export const Route = createLazyRoute('/_site/ai/request')({ component: AiRequestPage })

function AiRequestPage() {
  const { page } = usePagePayload<PageIntroContent>('/ai/request')
  return (
    <>
      <PageIntro {...page} />
      <div className="container">
        <AiGenerator />
      </div>
    </>
  )
}
