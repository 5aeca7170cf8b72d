import type { AnyRouter } from '@tanstack/react-router'
import { trackPageView } from './consent-store'

/** A Matomo page view per client navigation (sent only while statistics are allowed). */
export function installConsentTracking(router: AnyRouter): () => void {
  return router.subscribe('onResolved', ({ fromLocation, toLocation, hrefChanged }) => {
    if (!fromLocation || !hrefChanged) return
    trackPageView(window.location.origin + toLocation.href, document.title, window.location.origin + fromLocation.href)
  })
}
