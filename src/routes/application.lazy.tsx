import { createLazyRoute } from '@tanstack/react-router'
import type { z } from 'zod'
import type { applicationPageContent } from '#src/content-schema/page-schemas'
import { ConsentEmbed } from '#src/features/consent/consent-embed'
import { usePagePayload } from '#src/lib/payload'
import { PageSections } from '#src/sections/page-sections/page-sections'
import type { WithResolvedSections } from '#src/sections/page-sections/section-types'
import { BrandingScreen } from '#src/sections/product-screens/branding-screen'
import { DashboardScreen } from '#src/sections/product-screens/dashboard-screen'
import { EditorScreen } from '#src/sections/product-screens/editor-screen'

export const Route = createLazyRoute('/_site/application')({ component: ApplicationPage })

type ApplicationContent = WithResolvedSections<z.output<typeof applicationPageContent>>

function ApplicationPage() {
  const { page } = usePagePayload<ApplicationContent>('/application')
  const { brand, editor, branding, dashboard } = page.screens
  return (
    <PageSections
      sections={page.sections}
      slots={{
        editor: <EditorScreen content={editor} brand={brand} />,
        video: <ConsentEmbed title={page.video.title} src={page.video.src} width={1280} height={720} />,
        branding: <BrandingScreen content={branding} brand={brand} />,
        dashboard: <DashboardScreen content={dashboard} />,
      }}
    />
  )
}
