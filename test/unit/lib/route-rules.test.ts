import { describe, expect, it } from 'vitest'
import { compileRouteRules, isExternalTarget, matchRouteRules, normaliseRulePath, redirectTarget } from '#src/lib/route-rules'

describe('route rules', () => {
  const table = compileRouteRules({
    '/old': { redirect: '/new' },
    '/blog/**': { prerender: true },
    '/**': { appMiddleware: 'global' },
    '/product/:id': { redirect: '/p' },
    '/docs/**': { redirect: '/documentation' },
    '/docs/api/**': { redirect: '/api-docs' },
    '/off': { prerender: false, redirect: '' },
  })

  it('compiles into the radix-style export shape', () => {
    expect(table.static['/old']).toEqual({ redirect: '/new' })
    expect(table.wildcard['/blog']).toEqual({ prerender: true })
    expect(table.wildcard['']).toEqual({ appMiddleware: { global: true } })
    expect(table.dynamic['/product']).toEqual({ static: { '/': { redirect: '/p' } }, wildcard: {}, dynamic: {} })
    expect(table.static['/off']).toBeUndefined()
  })

  it('matches wildcards on their own path and below, and /** everywhere', () => {
    expect(matchRouteRules(table, '/blog')).toMatchObject({ prerender: true })
    expect(matchRouteRules(table, '/blog/article')).toMatchObject({ prerender: true })
    expect(matchRouteRules(table, '/blogger').prerender).toBeUndefined()
    expect(matchRouteRules(table, '/')).toEqual({ appMiddleware: { global: true } })
  })

  it('matches one dynamic segment only', () => {
    expect(matchRouteRules(table, '/product/42').redirect).toBe('/p')
    expect(matchRouteRules(table, '/product').redirect).toBeUndefined()
    expect(matchRouteRules(table, '/product/42/more').redirect).toBeUndefined()
  })

  it('lets the most specific rule win: static > dynamic > longer wildcard > shorter wildcard', () => {
    expect(matchRouteRules(table, '/docs/api/x').redirect).toBe('/api-docs')
    expect(matchRouteRules(table, '/docs/guide').redirect).toBe('/documentation')
    const precedence = compileRouteRules({ '/a/**': { redirect: '/wild' }, '/a/:id': { redirect: '/dyn' }, '/a/b': { redirect: '/static' } })
    expect(matchRouteRules(precedence, '/a/b').redirect).toBe('/static')
    expect(matchRouteRules(precedence, '/a/c').redirect).toBe('/dyn')
  })

  it('ignores one trailing slash, the query and the hash, and is case-sensitive', () => {
    expect(normaliseRulePath('/old/')).toBe('/old')
    expect(normaliseRulePath('/')).toBe('/')
    expect(matchRouteRules(table, '/old/').redirect).toBe('/new')
    expect(matchRouteRules(table, '/old?x=1#h').redirect).toBe('/new')
    expect(matchRouteRules(table, '/OLD').redirect).toBeUndefined()
  })

  it('merges middleware from every level', () => {
    const merged = compileRouteRules({ '/**': { appMiddleware: ['a'] }, '/x': { appMiddleware: { b: true } } })
    expect(matchRouteRules(merged, '/x').appMiddleware).toEqual({ a: true, b: true })
  })

  it('tells external targets from internal ones', () => {
    for (const target of ['https://app.ludora.fr/login', '//evil.com', '\\\\host', 'mailto:contact@ludora.fr', 'HTTP://x.fr']) expect(isExternalTarget(target)).toBe(true)
    for (const target of ['/pricing', 'x:y', 'pricing']) expect(isExternalTarget(target)).toBe(false)
  })

  it('carries the hash and query on internal redirects; a target hash wins', () => {
    expect(redirectTarget('/pricing', { search: '?plan=annual', hash: 'faq' })).toBe('/pricing?plan=annual#faq')
    expect(redirectTarget('/pricing', { search: '', hash: '' })).toBe('/pricing')
    expect(redirectTarget('/pricing#start', { search: '?x=1', hash: 'faq' })).toBe('/pricing#start')
    expect(redirectTarget('https://app.ludora.fr/login', { search: '?x=1', hash: 'faq' })).toBe('https://app.ludora.fr/login')
  })
})
