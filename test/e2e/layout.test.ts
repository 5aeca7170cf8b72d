import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { gotoAndWait, openPage, useBrowser, waitForApp } from './support/browser'
import { fontsReady } from './support/layout-probe'

const browser = useBrowser()
const PHONE = { width: 375, height: 812 }
const LAPTOP = { width: 1440, height: 900 }

async function ready(page: Page, path: string): Promise<void> {
  await gotoAndWait(page, path)
  await waitForApp(page)
  await fontsReady(page)
}

const bannerOf = (page: Page) => page.getByRole('region', { name: 'Vos cookies, votre choix' })

/** Opens the cookie settings from the banner, makes a change, and checks Save is in view with its notice. */
async function expectSaveInView(page: Page, where: string): Promise<void> {
  await bannerOf(page).getByRole('button', { name: 'Gérer les cookies' }).click()
  const dialog = page.getByRole('dialog', { name: 'Paramètres des cookies' })
  await dialog.waitFor()
  // A pending change adds its notice above the buttons: Save must stay in view with it.
  await dialog.getByRole('switch', { name: "Mesure d'audience (Matomo)" }).click()
  await dialog.getByText('You have unsaved settings').waitFor()
  const save = dialog.getByRole('button', { name: 'Enregistrer mes choix' })
  const inView = await save.evaluate((button) => {
    const box = button.getBoundingClientRect()
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
    return box.top >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth && (top === button || button.contains(top))
  })
  expect(inView, where).toBe(true)
}

// Every page at every width, with the web font and with its fallback, is measured by the route sweep
// (route-sweep-*.test.ts); here, the frame around the pages. The phone's checks share one load: the first
// ones only read the page, the last opens the settings.
describe('the frame and the cookie consent on a 375×812 phone', () => {
  it('the banner keeps to 30% of the screen with its title, texts and four buttons; header, footer and banner leave the home page its room; the settings dialog shows Save without scrolling', async () => {
    const { page, errors, context } = await openPage(browser(), { viewport: PHONE })
    await ready(page, '/')
    const banner = bannerOf(page)
    await banner.waitFor()
    const box = (await banner.boundingBox())!
    expect(box.height).toBeLessThanOrEqual(PHONE.height * 0.3)
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height + 0.5)
    const text = await banner.textContent()
    expect(text).toContain("Avec votre accord seulement, nous mesurons l'audience (Matomo)")
    expect(text).toContain('Refuser ne change rien à votre navigation')
    for (const name of ['Tout accepter', 'Tout refuser', 'Gérer les cookies', /^Fermer/]) {
      const button = banner.getByRole('button', { name })
      expect(await button.isVisible(), String(name)).toBe(true)
      const buttonBox = (await button.boundingBox())!
      expect(buttonBox.y + buttonBox.height, String(name)).toBeLessThanOrEqual(PHONE.height)
    }
    expect(await banner.getByRole('link', { name: 'Lire la politique cookies' }).isVisible()).toBe(true)

    const frame = await page.evaluate(() => ({
      header: document.querySelector('.site-header')!.getBoundingClientRect().height,
      footer: document.querySelector('.site-footer')!.getBoundingClientRect().height,
      banner: document.querySelector('.consent-banner')!.getBoundingClientRect().height,
    }))
    // The home page's budget at 375 px is 7,000 px; the frame around its sections takes at most 1,300.
    expect(frame.header).toBeLessThanOrEqual(72)
    expect(frame.footer).toBeLessThanOrEqual(1000)
    expect(frame.banner).toBeLessThanOrEqual(243.6)
    expect(frame.header + frame.footer + frame.banner).toBeLessThanOrEqual(1300)

    await expectSaveInView(page, `${PHONE.width}×${PHONE.height}`)
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('the cookie consent on a 1440×900 laptop', () => {
  it('the settings dialog shows Save without scrolling', async () => {
    const { page, errors, context } = await openPage(browser(), { viewport: LAPTOP })
    await ready(page, '/')
    await expectSaveInView(page, `${LAPTOP.width}×${LAPTOP.height}`)
    expect(errors).toEqual([])
    await context.close()
  })
})
