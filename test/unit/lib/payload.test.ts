// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { assertNoHostname, fetchPayload, payloadPath, payloadUrl } from '#src/lib/payload'
import { SiteError } from '#src/lib/site-error'

describe('payload URLs', () => {
  it('maps each route to its _payload.json with the version as a bare query', () => {
    expect(payloadPath('/')).toBe('/_payload.json')
    expect(payloadPath('/ai/request')).toBe('/ai/request/_payload.json')
    expect(payloadPath('/pricing/')).toBe('/pricing/_payload.json')
    expect(payloadUrl('/pricing', 'abc')).toBe('/pricing/_payload.json?abc')
  })

  it.each(['https://evil.com/x', '//evil.com', '/\\evil.com', '/a/..//evil.com', '\\\\evil.com', 'http://localhost/x', 'evil.com/x', '//localhost/x'])(
    'refuses %s',
    (url) => {
      expect(() => assertNoHostname(url)).toThrow(`Payload URL must not include hostname: ${url}`)
    },
  )

  it.each(['/pricing/_payload.json?1', '/_payload.json', '/a/b/../c/_payload.json'])('accepts %s', (url) => {
    expect(() => assertNoHostname(url)).not.toThrow()
  })
})

describe('fetching a payload', () => {
  const payload = { path: '/pricing', meta: { title: 'Tarifs | Ludora', description: 'Nos offres' }, page: { heading: 'Tarifs' } }

  it('asks for <route>/_payload.json?<the build the page names> and returns the payload', async () => {
    document.querySelector('meta[name="ludora:build"]')!.setAttribute('content', '9d4b39cf-d85c')
    const fetchMock = vi.fn(async (_url: string) => new Response(JSON.stringify(payload)))
    vi.stubGlobal('fetch', fetchMock)
    await expect(fetchPayload('/pricing', '/pricing')).resolves.toEqual(payload)
    expect(fetchMock.mock.calls[0]![0]).toBe('/pricing/_payload.json?9d4b39cf-d85c')
  })

  it('turns a missing payload into the 404 of the page, with its full path as data', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 404 })))
    const error = await fetchPayload('/pricing', '/pricing?x=1#h').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(SiteError)
    expect(error).toMatchObject({ statusCode: 404, statusMessage: 'Page Not Found: /pricing?x=1#h', data: { path: '/pricing?x=1#h' } })
  })

  it('turns a payload for another path into a 404', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ ...payload, path: '/contact' }))))
    await expect(fetchPayload('/pricing', '/pricing')).rejects.toMatchObject({ statusCode: 404 })
  })

  it('reports a server error and unreadable JSON with a French message', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('oops', { status: 500 })))
    await expect(fetchPayload('/pricing', '/pricing')).rejects.toMatchObject({ statusCode: 500, message: 'Le contenu de la page /pricing est indisponible (erreur 500).' })
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"path":')))
    await expect(fetchPayload('/pricing', '/pricing')).rejects.toMatchObject({ statusCode: 500, message: 'Le contenu de la page /pricing est illisible.' })
  })

  it('never requests a URL that names a host', async () => {
    const fetchMock = vi.fn()
    vi.stubGlobal('fetch', fetchMock)
    await expect(fetchPayload('//evil.com', '//evil.com')).rejects.toThrow('Payload URL must not include hostname')
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
