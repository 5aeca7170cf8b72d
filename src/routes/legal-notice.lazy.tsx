import { createLazyRoute } from '@tanstack/react-router'
import { LegalPage } from '#src/sections/legal-page/legal-page'

export const Route = createLazyRoute('/_site/mentions-legales')({ component: LegalNoticePage })

function LegalNoticePage() {
  return <LegalPage path="/mentions-legales" />
}
