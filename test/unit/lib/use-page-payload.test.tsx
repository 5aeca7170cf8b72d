// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { Component, Suspense, type ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { payloadQuery, usePagePayload } from '#src/lib/payload'

const payload = { path: '/pricing', meta: { title: 'Tarifs | Ludora', description: 'Nos offres' }, page: { heading: 'Tarifs' } }

function Heading() {
  const { page } = usePagePayload<{ heading: string }>('/pricing')
  return <h1>{page.heading}</h1>
}

class Caught extends Component<{ children: ReactNode }, { error?: unknown }> {
  override state: { error?: unknown } = {}
  static getDerivedStateFromError(error: unknown) {
    return { error }
  }
  override render() {
    return this.state.error ? <p role="alert">{String((this.state.error as Error).message)}</p> : this.props.children
  }
}

function renderPage(queryClient: QueryClient) {
  return render(
    <QueryClientProvider client={queryClient}>
      <Caught>
        <Suspense fallback={<p>Chargement</p>}>
          <Heading />
        </Suspense>
      </Caught>
    </QueryClientProvider>,
    { onCaughtError: () => {} },
  )
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('usePagePayload', () => {
  it('renders the payload the loader cached, at once and without asking the network again', () => {
    const fetchMock = vi.fn()
    vi.stubGlobal('fetch', fetchMock)
    const queryClient = new QueryClient()
    queryClient.setQueryData(payloadQuery('/pricing').queryKey, payload)
    renderPage(queryClient)
    expect(screen.getByRole('heading', { name: 'Tarifs' })).toBeTruthy()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('suspends on the fetch when nothing is cached, then renders the payload', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(payload)))
    vi.stubGlobal('fetch', fetchMock)
    renderPage(new QueryClient())
    expect(screen.getByText('Chargement')).toBeTruthy()
    expect(await screen.findByRole('heading', { name: 'Tarifs' })).toBeTruthy()
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('hands a failed fetch to the error boundary instead of suspending again', async () => {
    const fetchMock = vi.fn(async () => new Response('', { status: 404 }))
    vi.stubGlobal('fetch', fetchMock)
    renderPage(new QueryClient())
    expect((await screen.findByRole('alert')).textContent).toBe('Page Not Found: /pricing')
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })
})
