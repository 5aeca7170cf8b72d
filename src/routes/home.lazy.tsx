import { createLazyRoute } from '@tanstack/react-router'
import { use } from 'react'
import type { z } from 'zod'
import { HydrateWhenVisible } from '#src/components/ui/hydrate-when-visible'
import type { homePageContent } from '#src/content-schema/page-schemas'
import { deferredModule } from '#src/lib/deferred-module'
import { usePagePayload } from '#src/lib/payload'
import { PageSections } from '#src/sections/page-sections/page-sections'
import type { WithResolvedSections } from '#src/sections/page-sections/section-types'

export const Route = createLazyRoute('/_site/')({ component: HomePage })

type HomeContent = WithResolvedSections<z.output<typeof homePageContent>>

// The playable wheel's still picture is prerendered; its code comes once the wheel can be seen (on a
// phone's first visit the consent banner lies over it). A press before is held, then given to the wheel.
const demoGame = deferredModule(() => import('#src/features/demo-game/demo-game'))

// The sign-up section is far down the page: its form's code comes with it, as the visitor reaches it. A
// submit made before is held for the form (src/features/newsletter/submit-requests.ts).
const newsletter = deferredModule(() => import('#src/features/newsletter/newsletter-signup'))

function NewsletterSection() {
  const { NewsletterSignup } = use(newsletter.load())
  return <NewsletterSignup variant="section" />
}

function HomePage() {
  const { page } = usePagePayload<HomeContent>('/')
  const demo = (
    <HydrateWhenVisible module={demoGame} uncovered>
      {({ DemoGame }) => <DemoGame content={page.demoGame} />}
    </HydrateWhenVisible>
  )
  return <PageSections sections={page.sections} slots={{ demo, newsletter: <NewsletterSection /> }} />
}
