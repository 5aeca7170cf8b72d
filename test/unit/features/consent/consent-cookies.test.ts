// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { consentCookieOptions, cookieDomains, readStoredConsent, removeCookies, writeConsent } from '#src/features/consent/consent-cookies'
import { acceptAll, saveSelection } from '#src/features/consent/consent-state'

describe('consent cookies', () => {
  it('writes ncc_c and ncc_e with their raw values', () => {
    writeConsent(saveSelection(new Set(['matomo'])))
    expect(document.cookie).toContain('ncc_c=necessarymatomocrispfunctional')
    expect(document.cookie).toContain('ncc_e=necessary|matomo')
    expect(readStoredConsent()).toEqual({ decided: true, enabled: new Set(['matomo']) })
    writeConsent(acceptAll())
    expect(readStoredConsent().enabled).toEqual(new Set(['matomo', 'crisp', 'functional']))
  })

  it('sets path /, SameSite=Lax and an expiry 365 days on', () => {
    const options = consentCookieOptions(1_000)
    expect(options).toMatchObject({ path: '/', sameSite: 'lax', secure: false })
    expect(options.expires?.getTime()).toBe(1_000 + 31_536_000_000)
  })

  it('reads hand-edited cookies as undecided', () => {
    document.cookie = 'ncc_c=necessarymatomocrispfunctional; path=/'
    document.cookie = 'ncc_e=necessary|everything; path=/'
    expect(readStoredConsent().decided).toBe(false)
  })

  it('lists the host and its parent domains, not for IP addresses', () => {
    expect(cookieDomains('www.ludora.fr')).toEqual(['www.ludora.fr', 'ludora.fr'])
    expect(cookieDomains('127.0.0.1')).toEqual(['127.0.0.1'])
    expect(cookieDomains('localhost')).toEqual(['localhost'])
  })

  it('removes matching cookies on the host and every parent domain', () => {
    // The page is on the site's own host, as jsdom's browser would load it: the cookies are written there.
    ;(globalThis as unknown as { jsdom: { reconfigure(settings: { url: string }): void } }).jsdom.reconfigure({ url: 'https://www.ludora.fr/' })
    document.cookie = '_pk_id.7.abcd=1; path=/'
    document.cookie = 'crisp-client/session/x=1; path=/'
    const writes: string[] = []
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value)
      descriptor.set!.call(document, value)
    })
    expect(removeCookies(/^_pk_/)).toEqual(['_pk_id.7.abcd'])
    expect(writes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^_pk_id\.7\.abcd=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=\/$/),
        expect.stringContaining('domain=ludora.fr'),
        expect.stringContaining('domain=.ludora.fr'),
        expect.stringContaining('domain=www.ludora.fr'),
      ]),
    )
    expect(document.cookie).not.toContain('_pk_id')
    expect(document.cookie).toContain('crisp-client/session/x=1')
  })
})
