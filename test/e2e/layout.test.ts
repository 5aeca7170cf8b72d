import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { gotoAndWait, openPage, useBrowser, waitForApp } from './support/browser'

const browser = useBrowser()
const PHONE = { width: 375, height: 812 }
const LAPTOP = { width: 1440, height: 900 }

async function ready(page: Page, path: string): Promise<void> {
  await gotoAndWait(page, path)
  await waitForApp(page)
  await page.evaluate(() => document.fonts.ready)
}

// Every page at every width, with the web font and with its fallback, is measured by the route sweep
// (route-sweep-*.test.ts); here, the frame around the pages.
describe('cookie consent on small and large screens', () => {
  it('the banner keeps to 30% of a 375×812 screen with its title, texts and four buttons', async () => {
    const { page, errors, context } = await openPage(browser(), { viewport: PHONE })
    await ready(page, '/')
    const banner = page.getByRole('region', { name: 'Vos cookies, votre choix' })
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
    expect(errors).toEqual([])
    await context.close()
  })

  it('the settings dialog shows Save without scrolling at 1440×900 and 375×812', async () => {
    for (const viewport of [LAPTOP, PHONE]) {
      const { page, errors, context } = await openPage(browser(), { viewport })
      await ready(page, '/')
      await page.getByRole('region', { name: 'Vos cookies, votre choix' }).getByRole('button', { name: 'Gérer les cookies' }).click()
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
      expect(inView, `${viewport.width}×${viewport.height}`).toBe(true)
      expect(errors).toEqual([])
      await context.close()
    }
  })
})

describe('a compact frame on phones', () => {
  it('header, footer and cookie banner leave the home page its room at 375 px', async () => {
    const { page, errors, context } = await openPage(browser(), { viewport: PHONE })
    await ready(page, '/')
    const banner = page.getByRole('region', { name: 'Vos cookies, votre choix' })
    await banner.waitFor()
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
    expect(errors).toEqual([])
    await context.close()
  })
})
