import { describe, expect, it } from 'vitest'
import { acceptAll, CONSENT_TOKEN, declineAll, parseConsent, sameSelection, saveSelection, serialiseEnabled, withdrawnGroups } from '#src/features/consent/consent-state'

describe('consent state', () => {
  it('counts consent only when ncc_c is every id concatenated in order', () => {
    expect(CONSENT_TOKEN).toBe('necessarymatomocrispfunctional')
    expect(parseConsent(CONSENT_TOKEN, 'necessary|matomo')).toEqual({ decided: true, enabled: new Set(['matomo']) })
    expect(parseConsent(CONSENT_TOKEN, 'necessary')).toEqual({ decided: true, enabled: new Set() })
    expect(parseConsent(CONSENT_TOKEN, 'necessary|matomo|crisp|functional').enabled).toEqual(new Set(['matomo', 'crisp', 'functional']))
  })

  it.each([
    ['missing cookies', undefined, undefined],
    ['an older group list', 'necessarymatomocrisp', 'necessary|matomo'],
    ['reordered ids', 'necessarycrispmatomofunctional', 'necessary|matomo'],
    ['the original refusal value', '0', 'necessary'],
    ['a numeric value', 1, 'necessary'],
    ['garbage', '%%%', 'necessary'],
    ['a missing enabled list', CONSENT_TOKEN, undefined],
    ['an unknown group', CONSENT_TOKEN, 'necessary|adsense'],
    ['necessary missing', CONSENT_TOKEN, 'matomo'],
    ['repeated ids', CONSENT_TOKEN, 'necessary|matomo|matomo'],
    ['another separator', CONSENT_TOKEN, 'necessary~matomo'],
    ['an empty list', CONSENT_TOKEN, ''],
  ])('treats %s as not decided', (_label, consent, enabled) => {
    expect(parseConsent(consent, enabled)).toEqual({ decided: false, enabled: new Set() })
  })

  it('serialises the enabled ids with | in group order, necessary first', () => {
    expect(serialiseEnabled(new Set(['functional', 'matomo']))).toBe('necessary|matomo|functional')
    expect(serialiseEnabled(declineAll().enabled)).toBe('necessary')
    expect(serialiseEnabled(acceptAll().enabled)).toBe('necessary|matomo|crisp|functional')
    expect(saveSelection(new Set(['crisp']))).toEqual({ decided: true, enabled: new Set(['crisp']) })
  })

  it('compares selections and lists what a change withdraws', () => {
    expect(sameSelection(new Set(['matomo']), new Set(['matomo']))).toBe(true)
    expect(sameSelection(new Set(['matomo']), new Set())).toBe(false)
    expect(withdrawnGroups(new Set(['matomo', 'crisp']), new Set(['crisp', 'functional']))).toEqual(['matomo'])
  })
})
