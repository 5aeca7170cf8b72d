import { createLazyRoute } from '@tanstack/react-router'
import { ConsentEmbed } from '#src/features/consent/consent-embed'
import { usePagePayload } from '#src/lib/use-page-payload'
import { PageSections } from '#src/sections/page-sections/page-sections'
import type { SectionsPageContent } from '#src/sections/page-sections/section-types'

export const Route = createLazyRoute('/_site/application')({ component: ApplicationPage })

interface ApplicationContent extends SectionsPageContent {
  video: { title: string; src: string }
}

function ApplicationPage() {
  const { page } = usePagePayload<ApplicationContent>('/application')
  const video = <ConsentEmbed title={page.video.title} src={page.video.src} width={1280} height={720} />
  return <PageSections sections={page.sections} slots={{ video }} />
}
