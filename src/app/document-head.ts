import type { AnyRouter } from '@tanstack/react-router'
import { deferredModule } from '#src/lib/deferred-module'
import { isPagePayload } from '#src/lib/payload'
import { siteConfig } from '#src/lib/site-config'

// The prerendered head is already right on the first page: the code that rewrites it comes with the first
// navigation's route, before the navigation resolves.
const pageHead = deferredModule(() => import('#src/lib/page-head'))

/** After each navigation, the title, description, canonical and Open Graph tags follow the page's payload. */
export function installDocumentHead(router: AnyRouter): () => void {
  return router.subscribe('onResolved', ({ fromLocation }) => {
    if (!fromLocation) return
    const payload = router.state.matches
      .map((match) => match.loaderData as unknown)
      .filter(isPagePayload)
      .at(-1)
    if (!payload) return
    const module = pageHead.load()
    if (module.status === 'fulfilled') module.value.applyPageMeta(payload.meta, payload.path, siteConfig.siteUrl)
    else void module.then(({ applyPageMeta }) => applyPageMeta(payload.meta, payload.path, siteConfig.siteUrl))
  })
}
