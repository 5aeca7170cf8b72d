import { createRouter, type RouterHistory } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { RouteErrorView } from './error-view'
import { PendingView } from './root-view'
import { routeTree } from './route-tree'

interface AppRouterOptions {
  queryClient: QueryClient
  history?: RouterHistory
  /** Rendering to static HTML at build time: no scroll-restoration script, no route rules. */
  prerender?: boolean
}

/**
 * Scroll restoration from the first navigation on. The page the app first renders is already where the
 * browser put it: at the top, at its #anchor, where a reload left it, or wherever the visitor scrolled the
 * prerendered page while the app was loading, which the router's reset to the top would take from them.
 */
function restoreScrollAfterFirstRender(): () => boolean {
  let firstRender = true
  return () => {
    const restore = !firstRender
    firstRender = false
    return restore
  }
}

/** One router per app instance (browser, prerender, tests). */
export function createAppRouter({ queryClient, history, prerender = false }: AppRouterOptions) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient, prerender },
    defaultPreload: 'intent',
    // React Query decides freshness; payloads never go stale within a build.
    defaultPreloadStaleTime: 0,
    scrollRestoration: prerender ? false : restoreScrollAfterFirstRender(),
    scrollRestorationBehavior: 'instant',
    defaultErrorComponent: RouteErrorView,
    defaultPendingComponent: PendingView,
  })
}

export type AppRouter = ReturnType<typeof createAppRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
}
