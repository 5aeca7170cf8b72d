import { describe, expect, it } from 'vitest'
import { assertNoHostname, payloadPath, payloadUrl } from '#src/lib/payload'

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
