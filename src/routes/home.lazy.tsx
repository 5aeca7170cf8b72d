import { createLazyRoute } from '@tanstack/react-router'
import { DemoGame } from '#src/features/demo-game/demo-game'
import type { DemoWheelContent } from '#src/features/demo-game/demo-game-content'
import { NewsletterSignup } from '#src/features/newsletter/newsletter-signup'
import { usePagePayload } from '#src/lib/use-page-payload'
import { PageSections } from '#src/sections/page-sections/page-sections'
import type { SectionsPageContent } from '#src/sections/page-sections/section-types'

export const Route = createLazyRoute('/_site/')({ component: HomePage })

interface HomeContent extends SectionsPageContent {
  demoGame: DemoWheelContent
}

function HomePage() {
  const { page } = usePagePayload<HomeContent>('/')
  return <PageSections sections={page.sections} slots={{ demo: <DemoGame content={page.demoGame} />, newsletter: <NewsletterSignup variant="section" /> }} />
}
