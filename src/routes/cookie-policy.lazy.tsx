import { createLazyRoute } from '@tanstack/react-router'
import { LegalPage } from '#src/sections/legal-page/legal-page'

export const Route = createLazyRoute('/_site/cookies')({ component: CookiePolicyPage })

function CookiePolicyPage() {
  return <LegalPage path="/cookies" />
}
