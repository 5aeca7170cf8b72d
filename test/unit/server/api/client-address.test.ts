import { describe, expect, it } from 'vitest'
import { readApiConfig } from '#src/server/api/api-config'
import { clientAddress, parseTrustProxy, rateLimitKey } from '#src/server/api/client-address'

const headers = new Headers({ 'x-forwarded-for': '198.51.100.66, 203.0.113.9, 192.0.2.1', 'cf-connecting-ip': '198.51.100.77' })

describe('client address', () => {
  it('is the socket address unless a proxy is declared: forged headers change nothing', () => {
    expect(clientAddress('192.0.2.10', headers, { kind: 'none' })).toBe('192.0.2.10')
  })

  it('reads X-Forwarded-For from the right, as many hops as there are trusted proxies', () => {
    expect(clientAddress('192.0.2.10', headers, { kind: 'forwarded-for', hops: 1 })).toBe('192.0.2.1')
    expect(clientAddress('192.0.2.10', headers, { kind: 'forwarded-for', hops: 2 })).toBe('203.0.113.9')
    expect(clientAddress('192.0.2.10', headers, { kind: 'forwarded-for', hops: 9 })).toBe('198.51.100.66')
    expect(clientAddress('192.0.2.10', new Headers(), { kind: 'forwarded-for', hops: 1 })).toBe('192.0.2.10')
  })

  it('reads CF-Connecting-IP behind Cloudflare', () => {
    expect(clientAddress('192.0.2.10', headers, { kind: 'cloudflare' })).toBe('198.51.100.77')
  })

  it('counts an IPv6 client by its /64 and an IPv4-mapped address as IPv4', () => {
    expect(rateLimitKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
    expect(rateLimitKey('2001:0db8:0001:0002:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64')
    expect(rateLimitKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(rateLimitKey('::1')).toBe('0:0:0:0::/64')
    expect(rateLimitKey('::ffff:203.0.113.5')).toBe('203.0.113.5')
  })

  it('understands TRUST_PROXY values and refuses the rest', () => {
    expect(parseTrustProxy(undefined)).toEqual({ kind: 'none' })
    expect(parseTrustProxy('2')).toEqual({ kind: 'forwarded-for', hops: 2 })
    expect(parseTrustProxy('Cloudflare')).toEqual({ kind: 'cloudflare' })
    expect(parseTrustProxy('true')).toBeUndefined()
  })
})

describe('API settings', () => {
  it('allow the site’s origin by default, and the extra origins configured', () => {
    expect([...readApiConfig({}).config.allowedOrigins]).toEqual(['https://www.ludora.fr'])
    const { config, problems } = readApiConfig({ SITE_URL: 'https://jeux.exemple.fr/', API_ALLOWED_ORIGINS: 'https://preview.exemple.fr, http://localhost:5173 nonsense' })
    expect([...config.allowedOrigins]).toEqual(['https://jeux.exemple.fr', 'https://preview.exemple.fr', 'http://localhost:5173'])
    expect(problems).toHaveLength(1)
  })

  it('read the rate limits per minute, keeping the defaults where a value is missing or wrong', () => {
    const { config, problems } = readApiConfig({ API_RATE_LIMITS: 'contact=100, generate=0, nope=3', TRUST_PROXY: 'yes' })
    expect(config.rateLimits).toEqual({ contact: 100, newsletter: 5, generate: 10 })
    expect(config.trustProxy).toEqual({ kind: 'none' })
    expect(problems).toHaveLength(3)
  })
})
