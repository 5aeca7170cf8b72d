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

/** One router per app instance (browser, prerender, tests). */
export function createAppRouter({ queryClient, history, prerender = false }: AppRouterOptions) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient, prerender },
    defaultPreload: 'intent',
    // React Query decides freshness; payloads never go stale within a build.
    defaultPreloadStaleTime: 0,
    scrollRestoration: !prerender,
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
