// @vitest-environment jsdom
import { createMemoryHistory } from '@tanstack/react-router'
import { act, render, screen } from '@testing-library/react'
import { createRoot } from 'react-dom/client'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { App, createQueryClient } from '#src/app/app'
import { installFatalErrorHandler } from '#src/app/fatal-error'
import { createAppRouter } from '#src/app/router'
import { resetBuildManifest } from '#src/lib/app-manifest'
import { compileRouteRules, type RouteRuleInput } from '#src/lib/route-rules'
import { SiteError } from '#src/lib/site-error'

const terms = { path: '/cgu', meta: { title: 'CGU | Ludora', description: 'Offres' }, page: { heading: 'Conditions générales', lead: 'Tout est hors taxes.' } }
const contact = { path: '/contact', meta: { title: 'Contact | Ludora', description: 'Écrivez-nous' }, page: { heading: 'Parlons de votre jeu', lead: 'Réponse sous un jour ouvré.', formTitle: 'Votre demande', reassurance: [] } }

function serve(options: { rules?: RouteRuleInput; payloads?: Record<string, () => Response> } = {}) {
  const manifest = { id: 'test-build', timestamp: 1, matcher: compileRouteRules(options.rules ?? {}), prerendered: [] }
  const payloads: Record<string, () => Response> = {
    '/cgu/_payload.json?test-build': () => new Response(JSON.stringify(terms)),
    '/contact/_payload.json?test-build': () => new Response(JSON.stringify(contact)),
    ...options.payloads,
  }
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input)
    if (url === '/_app/builds/meta/test-build.json') return new Response(JSON.stringify(manifest))
    return payloads[url]?.() ?? new Response('', { status: 404 })
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

async function renderAt(path: string) {
  const queryClient = createQueryClient()
  const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: [path] }) })
  // The error views are the expected outcome here; React would otherwise log each caught error.
  render(<App router={router} queryClient={queryClient} />, { onCaughtError: () => {} })
  await act(() => router.load())
  return router
}

/** The router warns of each error its error view catches; in these tests that view is the expected outcome. */
function silenceCaughtRouteError() {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  return () => expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^Warning: Error in route match/))
}

beforeEach(() => resetBuildManifest())

describe('the router', () => {
  it('renders a lazy page from its payload', async () => {
    const fetchMock = serve()
    await renderAt('/cgu')
    expect(await screen.findByRole('heading', { level: 1, name: 'Conditions générales' })).toBeInTheDocument()
    expect(fetchMock).toHaveBeenCalledWith('/cgu/_payload.json?test-build', expect.anything())
  })

  it('shows the not-found view with the full unknown path', async () => {
    serve()
    await renderAt('/nulle-part?x=1')
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument()
    expect(screen.getByText('Page not found: /nulle-part?x=1')).toBeInTheDocument()
  })

  it('answers a missing payload with "Page Not Found: {fullPath}"', async () => {
    const expectWarned = silenceCaughtRouteError()
    serve({ payloads: { '/cgu/_payload.json?test-build': () => new Response('', { status: 404 }) } })
    await renderAt('/cgu')
    expect(await screen.findByText('Page Not Found: /cgu')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument()
    expectWarned()
  })

  it('shows "Internal Server Error" with the error’s own message for other failures', async () => {
    const expectWarned = silenceCaughtRouteError()
    serve({ payloads: { '/cgu/_payload.json?test-build': () => new Response('boom', { status: 500 }) } })
    await renderAt('/cgu')
    expect(await screen.findByRole('heading', { level: 1, name: 'Internal Server Error' })).toBeInTheDocument()
    expect(screen.getByText('Le contenu de la page /cgu est indisponible (erreur 500).')).toBeInTheDocument()
    expectWarned()
  })

  it('shows "Internal Server Error" rather than an empty page when a payload names an unknown section', async () => {
    const expectWarned = silenceCaughtRouteError()
    const home = { path: '/', meta: { title: 'Ludora', description: 'Jeux-concours' }, page: { sections: [{ type: 'carrousel', id: 'jeux', title: 'Nos jeux' }] } }
    serve({ payloads: { '/_payload.json?test-build': () => new Response(JSON.stringify(home)) } })
    await renderAt('/')
    expect(await screen.findByRole('heading', { level: 1, name: 'Internal Server Error' })).toBeInTheDocument()
    expect(screen.getByText('Le contenu de cette page contient un bloc inconnu (carrousel).')).toBeInTheDocument()
    expectWarned()
  })

  it('applies a redirect rule of the manifest, keeping the query', async () => {
    serve({ rules: { '/conditions': { redirect: '/cgu' } } })
    const router = await renderAt('/conditions?version=2026')
    expect(await screen.findByRole('heading', { level: 1, name: 'Conditions générales' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/cgu')
    expect(router.state.location.searchStr).toBe('?version=2026')
  })

  it('fails on a rule that names an unknown route middleware', async () => {
    const expectWarned = silenceCaughtRouteError()
    serve({ rules: { '/contact': { appMiddleware: 'tracking' } } })
    await renderAt('/contact')
    expect(await screen.findByText("Unknown route middleware: 'tracking'.")).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Internal Server Error' })).toBeInTheDocument()
    expectWarned()
  })

  it('navigates on a client link without a new payload request for a page already loaded', async () => {
    const fetchMock = serve()
    const router = await renderAt('/cgu')
    await screen.findByRole('heading', { level: 1, name: 'Conditions générales' })
    await act(() => router.navigate({ to: '/contact' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Parlons de votre jeu' })).toBeInTheDocument()
    await act(() => router.navigate({ to: '/cgu' }))
    await screen.findByRole('heading', { level: 1, name: 'Conditions générales' })
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/cgu/_payload.json'))).toHaveLength(1)
  })
})

describe('fatal errors', () => {
  it('replace the whole app with the error view', () => {
    const container = document.createElement('div')
    document.body.append(container)
    const root = createRoot(container)
    act(() => root.render(<p>Application</p>))
    const uninstall = installFatalErrorHandler(() => root)
    act(() => {
      window.dispatchEvent(new ErrorEvent('error', { error: new Error('ordinaire') }))
    })
    expect(container.textContent).toBe('Application')
    act(() => {
      window.dispatchEvent(new ErrorEvent('error', { error: new SiteError({ statusCode: 500, message: 'Panne générale', fatal: true }) }))
    })
    expect(container.querySelector('h1')?.textContent).toBe('Internal Server Error')
    expect(container.textContent).toContain('Panne générale')
    uninstall()
    act(() => root.unmount())
    container.remove()
  })
})
