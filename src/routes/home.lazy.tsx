import { createLazyRoute } from '@tanstack/react-router'
import type { z } from 'zod'
import type { homePageContent } from '#src/content-schema/page-schemas'
import { DemoGame } from '#src/features/demo-game/demo-game'
import { NewsletterSignup } from '#src/features/newsletter/newsletter-signup'
import { usePagePayload } from '#src/lib/use-page-payload'
import { PageSections } from '#src/sections/page-sections/page-sections'
import type { WithResolvedSections } from '#src/sections/page-sections/section-types'

export const Route = createLazyRoute('/_site/')({ component: HomePage })

type HomeContent = WithResolvedSections<z.output<typeof homePageContent>>

function HomePage() {
  const { page } = usePagePayload<HomeContent>('/')
  return <PageSections sections={page.sections} slots={{ demo: <DemoGame content={page.demoGame} />, newsletter: <NewsletterSignup variant="section" /> }} />
}
