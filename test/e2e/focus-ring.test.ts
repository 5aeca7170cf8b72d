import { describe, expect, it } from 'vitest'
import { expectNoAxeViolations, gotoAndWait, openPage, useBrowser, waitForApp, withConsentDecided } from './support/browser'
import { measureRing, tabThrough } from './support/focus-ring-probe'

const browser = useBrowser()
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
]

async function open(path: string, viewport: { width: number; height: number }, { consentDecided = true } = {}) {
  const session = await openPage(browser(), { viewport })
  if (consentDecided) await withConsentDecided(session.context)
  await gotoAndWait(session.page, path)
  await waitForApp(session.page)
  return session
}

// Every Tab stop of every route is measured by the route sweep (route-sweep-*.test.ts); here, the states a
// page load does not show.
describe('the focus ring, at least 3:1 against every surface it is drawn on (WCAG 1.4.11)', () => {
  it('in the open menus: desktop dropdowns and the phone menu', async () => {
    const offenders: string[] = []
    const desktop = await open('/pricing', WIDTHS[0]!)
    for (const name of ['La plateforme', 'Les services du studio']) {
      const button = desktop.page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('button', { name })
      await button.focus()
      await desktop.page.keyboard.press('ArrowDown')
      await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true')
      for (let i = 0; i < 7; i++) {
        const report = await measureRing(desktop.page)
        offenders.push(...report.offenders.map((line) => `dropdown ${name}: ${line}`))
        await desktop.page.keyboard.press('ArrowDown')
      }
    }
    expect(desktop.errors).toEqual([])
    await desktop.context.close()

    const phone = await open('/agency', WIDTHS[1]!)
    await phone.page.getByRole('button', { name: 'Ouvrir le menu' }).focus()
    await phone.page.keyboard.press('Enter')
    for (const name of ['La plateforme', 'Les services du studio']) {
      await phone.page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('button', { name }).click()
    }
    const toggle = phone.page.getByRole('button', { name: 'Fermer le menu' })
    await toggle.focus()
    for (let i = 0; i < 25; i++) {
      await phone.page.keyboard.press('Tab')
      const inNav = await phone.page.evaluate(() => Boolean(document.activeElement?.closest('.site-nav')))
      if (!inNav) break
      const report = await measureRing(phone.page)
      offenders.push(...report.offenders.map((line) => `phone menu: ${line}`))
    }
    expect(phone.errors).toEqual([])
    await phone.context.close()
    expect(offenders).toEqual([])
  })

  // Every stop of the banner and the dialog at two widths: 25 s at most on one shared core.
  it('in the cookie banner and the cookie settings dialog, at both widths', { timeout: 90_000 }, async () => {
    const offenders: string[] = []
    for (const viewport of WIDTHS) {
      const { page, errors, context } = await open('/', viewport, { consentDecided: false })
      const banner = page.getByRole('region', { name: 'Vos cookies, votre choix' })
      await banner.waitFor()
      const bannerButtons = banner.locator('a[href], button')
      for (let i = 0; i < (await bannerButtons.count()); i++) {
        await bannerButtons.nth(i).focus()
        // Keyboard modality, so :focus-visible applies as it would after Tab.
        await page.keyboard.press('Shift')
        const report = await measureRing(page)
        offenders.push(...report.offenders.map((line) => `banner @${viewport.width}: ${line}`))
      }
      await banner.getByRole('button', { name: 'Gérer les cookies' }).focus()
      await page.keyboard.press('Enter')
      const dialog = page.getByRole('dialog')
      await dialog.waitFor()
      const result = await tabThrough(page, `dialog @${viewport.width}`)
      expect(result.stops).toBeGreaterThan(3)
      offenders.push(...result.offenders)
      await expectNoAxeViolations(page, { include: ['[role="dialog"]'] })
      expect(errors).toEqual([])
      await context.close()
    }
    expect(offenders).toEqual([])
  })
})
