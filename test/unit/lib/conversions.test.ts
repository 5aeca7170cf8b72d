// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { checkMatomoGoals, conversionGoalKeys, trackConversion, type Conversion } from '#src/lib/conversions'

describe('trackConversion', () => {
  it('announces the conversion on the document, and only there', () => {
    const heard: Conversion[] = []
    const listener = (event: CustomEvent<Conversion>) => heard.push(event.detail)
    document.addEventListener('ludora:conversion', listener)
    trackConversion('contact', 'sent', 'Devis pour un jeu de Noël')
    trackConversion('demo', 'wheel-spun')
    document.removeEventListener('ludora:conversion', listener)
    expect(heard).toEqual([
      { category: 'contact', action: 'sent', name: 'Devis pour un jeu de Noël' },
      { category: 'demo', action: 'wheel-spun', name: undefined },
    ])
  })

  it('keeps nothing when nobody listens: a listener added later hears only what comes after it', () => {
    trackConversion('newsletter', 'registered', 'footer')
    const listener = vi.fn()
    document.addEventListener('ludora:conversion', listener)
    trackConversion('pricing', 'plan-chosen', 'annual')
    document.removeEventListener('ludora:conversion', listener)
    expect(listener).toHaveBeenCalledTimes(1)
    expect(listener.mock.calls[0]?.[0].detail).toEqual({ category: 'pricing', action: 'plan-chosen', name: 'annual' })
    expect((window as unknown as Record<string, unknown>)._paq).toBeUndefined()
  })
})

describe('goal keys and SITE_MATOMO_GOALS', () => {
  it('names each conversion `<category>-<action>`', () => {
    expect(conversionGoalKeys()).toEqual([
      'newsletter-registered',
      'contact-sent',
      'generator-game-generated',
      'generator-exported',
      'generator-shared',
      'generator-recovered',
      'app-signup-click',
      'pricing-plan-chosen',
      'demo-wheel-spun',
    ])
  })

  it('accepts known keys and refuses any other, naming it and the possible keys', () => {
    expect(() => checkMatomoGoals({})).not.toThrow()
    expect(() => checkMatomoGoals({ 'contact-sent': 2, 'demo-wheel-spun': 9 })).not.toThrow()
    expect(() => checkMatomoGoals({ 'contact-sent': 2, newsletter: 1, 'app-signup': 4 })).toThrow(
      'SITE_MATOMO_GOALS : clé inconnue « newsletter », « app-signup » (clés possibles : newsletter-registered, contact-sent,',
    )
  })
})
