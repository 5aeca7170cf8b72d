import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { act, render } from '@testing-library/react'
import type { ReactNode } from 'react'

/** Renders a component inside a one-route router, for widgets that contain router links. */
export async function renderWithRouter(ui: ReactNode, path = '/') {
  const rootRoute = createRootRoute({ component: () => <>{ui}</> })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: [path] }) })
  const result = render(<RouterProvider router={router} />)
  await act(() => router.load())
  return { ...result, router }
}
