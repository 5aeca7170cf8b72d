import { createLazyRoute } from '@tanstack/react-router'
import { LegalPage } from '#src/sections/legal-page/legal-page'

export const Route = createLazyRoute('/_site/confidentialite')({ component: PrivacyPage })

function PrivacyPage() {
  return <LegalPage path="/confidentialite" />
}
