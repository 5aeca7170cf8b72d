import { createLazyRoute } from '@tanstack/react-router'
import { LegalPage } from '#src/sections/legal-page/legal-page'

export const Route = createLazyRoute('/_site/cgu')({ component: TermsPage })

function TermsPage() {
  return <LegalPage path="/cgu" />
}
