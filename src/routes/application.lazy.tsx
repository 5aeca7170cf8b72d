import { createLazyRoute } from '@tanstack/react-router'
import { ConsentEmbed } from '#src/features/consent/consent-embed'
import { usePagePayload } from '#src/lib/use-page-payload'
import { PageIntro, type PageIntroContent } from '#src/sections/page-intro/page-intro'

export const Route = createLazyRoute('/_site/application')({ component: ApplicationPage })

interface ApplicationContent extends PageIntroContent {
  video: { title: string; src: string }
}

function ApplicationPage() {
  const { page } = usePagePayload<ApplicationContent>('/application')
  return (
    <>
      <PageIntro {...page} />
      <section className="container">
        <ConsentEmbed title={page.video.title} src={page.video.src} width={1280} height={720} />
      </section>
    </>
  )
}
