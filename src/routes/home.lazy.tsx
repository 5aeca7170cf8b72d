import { createLazyRoute } from '@tanstack/react-router'
import { NewsletterSignup } from '#src/features/newsletter/newsletter-signup'
import { usePagePayload } from '#src/lib/use-page-payload'
import { PageSections } from '#src/sections/page-sections/page-sections'
import type { SectionsPageContent } from '#src/sections/page-sections/section-types'

export const Route = createLazyRoute('/_site/')({ component: HomePage })

function HomePage() {
  const { page } = usePagePayload<SectionsPageContent>('/')
  return <PageSections sections={page.sections} slots={{ newsletter: <NewsletterSignup variant="section" /> }} />
}
