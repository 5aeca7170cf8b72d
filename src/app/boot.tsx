import { startTransition } from 'react'
import { createRoot, hydrateRoot, type Root, type RootOptions } from 'react-dom/client'
import { App, createQueryClient } from './app'
import { installDocumentHead } from './document-head'
import { installFatalErrorHandler } from './fatal-error'
import { installNavigationA11y } from './navigation-a11y'
import { createAppRouter } from './router'
import { deferHydrationUntilVisible, hydrateEverything } from '#src/components/ui/hydrate-when-visible'
import { loadFirstRoute } from '#src/lib/deferred-module'
import { installStaleBuildReload } from '#src/features/build-freshness/stale-build-reload'
import { installConsentTracking } from '#src/features/consent/consent-tracking'
import { setupLanguage } from '#src/lib/i18n'
import { isSiteError } from '#src/lib/site-error'

/**
 * Starts the client app on the prerendered page: language, router, head, analytics, hydration.
 * `yieldToBrowser` separates the route's loading from the hydration, which runs as a transition: React
 * then hydrates in slices of a few milliseconds instead of one long task.
 */
export async function mount(yieldToBrowser: () => Promise<void> = async () => {}): Promise<void> {
  setupLanguage()
  const container = document.getElementById('app')
  if (!container) throw new Error('Missing #app container')

  let root: Root | undefined
  installFatalErrorHandler(() => root)

  const queryClient = createQueryClient()
  const router = createAppRouter({ queryClient })
  installDocumentHead(router)
  installNavigationA11y(router)
  installStaleBuildReload(router)
  installConsentTracking(router)

  const options: RootOptions = {
    // Page errors are shown by the error views; only unexpected ones are worth a console entry.
    onCaughtError: (error) => {
      if (!isSiteError(error)) console.error(error)
    },
  }
  const app = <App router={router} queryClient={queryClient} />
  if (container.hasChildNodes()) {
    // The prerendered DOM was rendered by the same tree: once its route chunk and payload are here,
    // React adopts it in place (docs/decisions/001-prerender-and-hydrate.md).
    // Below the fold, the page and its code are adopted as the visitor reaches them (the route's first
    // load leaves that code out); a navigation adopts the rest at once.
    await loadFirstRoute(() => router.load())
    await yieldToBrowser()
    deferHydrationUntilVisible()
    router.subscribe('onBeforeNavigate', ({ fromLocation }) => fromLocation && hydrateEverything())
    startTransition(() => {
      root = hydrateRoot(container, app, options)
    })
  } else {
    root = createRoot(container, options)
    root.render(app)
  }
}
