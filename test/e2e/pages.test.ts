import { describe, expect, it } from 'vitest'
import { baseURL, expectNoAxeViolations, gotoAndWait, openPage, useBrowser, waitForApp, withConsentDecided } from './support/browser'
import { builtPages } from './support/site-data'

const browser = useBrowser()
/** The sections each page must show, by their headings (level 2). */
const SECTIONS: Record<string, string[]> = {
  '/': ['14 types de jeux, 50 combinaisons possibles', 'Comment ça marche', "Le jeu s'invite aussi en point de vente", 'Pourquoi un jeu-concours rapporte', 'Un prix pour chaque façon de jouer', 'Ce que nos clients en retirent', 'Rejoignez les 4000 abonnés de la newsletter'],
  '/les-enjeux': ['Quatre leviers, un seul outil', 'Conforme par défaut'],
  '/application': ['La démo en deux minutes', "L'éditeur", 'Les 14 types de jeux', 'Intégrations'],
  '/cas-clients': ['Six campagnes, six objectifs'],
  '/who-are-we': ['Notre histoire', 'Ce qui nous guide'],
  '/agency': ['Six façons de vous accompagner', 'Notre méthode'],
  '/pricing': ['Comparez les 35 fonctions', 'Questions fréquentes'],
  '/contact': ['Votre demande'],
  '/ai/request': ['Décrivez votre jeu', 'Vos expériences générées'],
}
for (const service of ['/acquisition', '/advice', '/branding', '/performance', '/web-to-shop', '/atelier']) {
  SECTIONS[service] = ['Ce qui vous freine', 'Ce que nous vous proposons', 'La méthode', 'Ce que vous recevez', 'Un cas concret', 'Parlons de votre prochaine campagne']
}

describe('pages', () => {
  it('render their heading and their main sections', async () => {
    const { page, errors, context } = await openPage(browser())
    await withConsentDecided(context)
    for (const built of builtPages()) {
      await gotoAndWait(page, built.path)
      await waitForApp(page)
      expect((await page.locator('main h1').innerText()).length, built.path).toBeGreaterThan(10)
      const headings = await page.locator('main h2').allInnerTexts()
      for (const section of SECTIONS[built.path] ?? []) expect(headings, built.path).toContain(section)
    }
    expect(await page.locator('.cases .case').count()).toBeGreaterThanOrEqual(1)
    await gotoAndWait(page, '/cas-clients')
    expect(await page.locator('.cases .case').count()).toBeGreaterThanOrEqual(6)
    expect(errors).toEqual([])
    await context.close()
  }, 120_000)
})

describe('mobile menu at 375 px', () => {
  it('opens and closes by keyboard, returning focus to the toggle', async () => {
    const { page, errors, context } = await openPage(browser(), { viewport: { width: 375, height: 740 } })
    await withConsentDecided(context)
    await gotoAndWait(page, '/')
    await waitForApp(page)
    const toggle = page.getByRole('button', { name: 'Ouvrir le menu' })
    const nav = page.getByRole('navigation', { name: 'Navigation principale' })
    expect(await nav.isVisible()).toBe(false)
    await toggle.focus()
    await page.keyboard.press('Enter')
    await nav.getByRole('link', { name: 'Tarifs' }).waitFor()
    expect(await page.getByRole('button', { name: 'Fermer le menu' }).getAttribute('aria-expanded')).toBe('true')
    await expectNoAxeViolations(page, { include: ['.site-header'] })
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Accueil')
    await page.keyboard.press('Escape')
    await nav.waitFor({ state: 'hidden' })
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBeTruthy()
    await page.keyboard.press('Enter')
    await nav.getByRole('link', { name: 'Tarifs' }).focus()
    await page.keyboard.press('Enter')
    await page.waitForURL(`${baseURL()}/pricing`)
    await nav.waitFor({ state: 'hidden' })
    expect(errors).toEqual([])
    await context.close()
  })

  it('opens and navigates by touch', async () => {
    const { page, context } = await openPage(browser(), { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true })
    await withConsentDecided(context)
    await gotoAndWait(page, '/')
    await waitForApp(page)
    await page.getByRole('button', { name: 'Ouvrir le menu' }).tap()
    const nav = page.getByRole('navigation', { name: 'Navigation principale' })
    await nav.getByRole('link', { name: 'Le studio' }).tap()
    await page.waitForURL(`${baseURL()}/agency`)
    await page.getByRole('heading', { level: 1, name: 'Le studio qui fait jouer vos clients' }).waitFor()
    await nav.waitFor({ state: 'hidden' })
    await context.close()
  })
})
