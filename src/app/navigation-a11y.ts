import type { AnyRouter } from '@tanstack/react-router'
import { t } from '#src/lib/i18n'

export const ROUTE_ANNOUNCER_ID = 'route-announcer'

/**
 * After a client navigation to another page, moves focus to the page's heading and announces the new
 * title, as a full page load would for screen reader users. Hash targets keep the browser's own focus.
 */
export function installNavigationA11y(router: AnyRouter): () => void {
  return router.subscribe('onRendered', ({ fromLocation, toLocation, pathChanged }) => {
    if (!fromLocation || !pathChanged) return
    requestAnimationFrame(() => {
      if (!toLocation.hash) {
        const heading = document.querySelector<HTMLElement>('#main h1')
        if (heading) {
          if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
          heading.focus({ preventScroll: true })
        }
      }
      const announcer = document.getElementById(ROUTE_ANNOUNCER_ID)
      if (announcer) announcer.textContent = t('a11y.pageLoaded', { title: document.title })
    })
  })
}
