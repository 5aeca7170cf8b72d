import type { AnyRouter } from '@tanstack/react-router'
import { isPagePayload } from '#src/lib/payload'
import { applyPageMeta } from '#src/lib/page-head'
import { siteConfig } from '#src/lib/site-config'

/** After each navigation, the title, description, canonical and Open Graph tags follow the page's payload. */
export function installDocumentHead(router: AnyRouter): () => void {
  return router.subscribe('onResolved', () => {
    const payload = router.state.matches
      .map((match) => match.loaderData as unknown)
      .filter(isPagePayload)
      .at(-1)
    if (payload) applyPageMeta(payload.meta, payload.path, siteConfig.siteUrl)
  })
}
