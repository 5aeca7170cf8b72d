import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { useEffect } from 'react'
import type { AppRouter } from './router'

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false, refetchOnWindowFocus: false } } })
}

interface AppProps {
  router: AppRouter
  queryClient: QueryClient
}

export function App({ router, queryClient }: AppProps) {
  useEffect(() => {
    // Marks the page as interactive (hydrated), for styles that need the app and for browser tests.
    document.documentElement.dataset.appReady = 'true'
  }, [])
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  )
}
