// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { resetThirdPartyScripts, startMatomo, stopMatomo } from '#src/features/consent/third-party-scripts'
import { trackConversion } from '#src/lib/conversions'
import { siteConfig } from '#src/lib/site-config'

const matomo = () => (window as unknown as { _paq?: unknown[][] })._paq
/** The conversion commands queued for Matomo (page views and set-up left aside). */
const conversions = () => (matomo() ?? []).filter(([command]) => command === 'trackEvent' || command === 'trackGoal')

function clickLink(href: string, text: string): void {
  const link = document.createElement('a')
  link.href = href
  link.innerHTML = `<span> ${text} </span>`
  // A page handler that stops the click must not hide it from the statistics.
  link.addEventListener('click', (event) => {
    event.preventDefault()
    event.stopPropagation()
  })
  document.body.append(link)
  link.querySelector('span')!.click()
  link.remove()
}

beforeEach(() => {
  resetThirdPartyScripts()
  document.head.querySelectorAll('script[src]').forEach((script) => script.remove())
  delete (window as unknown as Record<string, unknown>)._paq
})

afterEach(() => {
  delete siteConfig.matomoGoals
})

describe('conversions counted by Matomo', () => {
  it('counts nothing and creates no queue before statistics are allowed', () => {
    trackConversion('contact', 'sent', 'Devis')
    clickLink(`${siteConfig.appUrl}/signup`, 'Créer un jeu gratuit')
    expect(matomo()).toBeUndefined()
  })

  it('with statistics allowed, queues each conversion as an event, and as a goal where one is mapped', () => {
    siteConfig.matomoGoals = { 'contact-sent': 2, 'app-signup-click': 4 }
    startMatomo()
    trackConversion('contact', 'sent', 'Devis pour un jeu de Noël')
    trackConversion('generator', 'game-generated', 'quiz-fr')
    clickLink(`${siteConfig.appUrl}/signup?plan=start`, 'Créer mon compte gratuit')
    clickLink('/pricing', 'Tarifs')
    clickLink('https://blog.ludora.fr/', 'Le blog')
    expect(conversions()).toEqual([
      ['trackEvent', 'contact', 'sent', 'Devis pour un jeu de Noël'],
      ['trackGoal', 2],
      ['trackEvent', 'generator', 'game-generated', 'quiz-fr'],
      ['trackEvent', 'app', 'signup-click', 'Créer mon compte gratuit'],
      ['trackGoal', 4],
    ])
  })

  it('counts events only when no goal is configured', () => {
    startMatomo()
    trackConversion('newsletter', 'registered', 'footer')
    expect(conversions()).toEqual([['trackEvent', 'newsletter', 'registered', 'footer']])
  })

  it('stops at once on withdrawal, keeps nothing for later, and counts each conversion once after consent is given again', () => {
    startMatomo()
    trackConversion('demo', 'wheel-spun')
    stopMatomo()
    const queued = matomo()!.length
    trackConversion('demo', 'wheel-spun')
    clickLink(`${siteConfig.appUrl}/signup`, 'Créer un jeu gratuit')
    expect(matomo()!.length).toBe(queued)
    expect(matomo()!.slice(-2)).toEqual([['requireConsent'], ['disableCookies']])

    startMatomo()
    trackConversion('pricing', 'plan-chosen', 'unit')
    expect(conversions()).toEqual([
      ['trackEvent', 'demo', 'wheel-spun', undefined],
      ['trackEvent', 'pricing', 'plan-chosen', 'unit'],
    ])
  })
})
