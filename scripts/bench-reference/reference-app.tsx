// The stack's floor, for the bench (scripts/bench-main-thread.mjs): React 19, TanStack Router and React Query
// showing one paragraph read from a payload, and nothing else. Not part of the site.
import { QueryClient, QueryClientProvider, queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { createRootRouteWithContext, createRoute, createRouter, RouterProvider, type RouterHistory } from '@tanstack/react-router'
import { useEffect } from 'react'

export interface ReferencePayload {
  text: string
}

export const paragraphQuery = queryOptions({
  queryKey: ['paragraph'],
  queryFn: async (): Promise<ReferencePayload> => (await fetch('/_payload.json')).json(),
  staleTime: Infinity,
})

function ParagraphView() {
  const { data } = useSuspenseQuery(paragraphQuery)
  // The same readiness signal as the site's pages (src/lib/use-page-ready.ts): hydrated, effects run.
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true'
  }, [])
  return <p>{data.text}</p>
}

/** The reference's router, query client and tree; `history` is a memory history when prerendering. */
export function createReferenceApp(history?: RouterHistory) {
  const queryClient = new QueryClient()
  const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient }>()()
  const paragraphRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    loader: ({ context }) => context.queryClient.ensureQueryData(paragraphQuery),
    component: ParagraphView,
  })
  const router = createRouter({ routeTree: rootRoute.addChildren([paragraphRoute]), context: { queryClient }, history })
  const app = (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  )
  return { queryClient, router, app }
}
