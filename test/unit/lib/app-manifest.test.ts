// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { getRouteRules, resetBuildManifest } from '#src/lib/app-manifest'
import { compileRouteRules } from '#src/lib/route-rules'

const manifest = { id: 'test-build', timestamp: 1, matcher: compileRouteRules({ '/tarifs': { redirect: '/pricing' } }), prerendered: ['/'] }

beforeEach(() => resetBuildManifest())

describe('build manifest', () => {
  it('is fetched once for the current build id and used for every match', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(manifest)))
    vi.stubGlobal('fetch', fetchMock)
    expect(await getRouteRules('/tarifs')).toEqual({ redirect: '/pricing' })
    expect(await getRouteRules('/contact')).toEqual({})
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(fetchMock).toHaveBeenCalledWith('/_app/builds/meta/test-build.json')
  })

  it.each([
    ['a network failure', () => Promise.reject(new TypeError('offline'))],
    ['a 404', async () => new Response('Not Found', { status: 404 })],
    ['an HTML answer', async () => new Response('<!doctype html><p>SPA fallback</p>', { headers: { 'content-type': 'text/html' } })],
    ['a malformed manifest', async () => new Response(JSON.stringify({ id: 'x' }))],
  ])('counts %s as "no rules" and asks again next time', async (_label, failure) => {
    const fetchMock = vi.fn(failure).mockImplementationOnce(failure)
    vi.stubGlobal('fetch', fetchMock)
    expect(await getRouteRules('/tarifs')).toEqual({})
    fetchMock.mockImplementation(async () => new Response(JSON.stringify(manifest)))
    expect(await getRouteRules('/tarifs')).toEqual({ redirect: '/pricing' })
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })
})
