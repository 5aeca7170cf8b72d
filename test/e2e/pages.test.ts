import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { baseURL, expectNoAxeViolations, gotoAndWait, openPage, useBrowser, waitForApp, withConsentDecided } from './support/browser'
import { navigateInApp } from './support/client-navigation'
import { DOMPURIFY_MARKER, loadedScriptsCarrying } from './support/loaded-scripts'

const browser = useBrowser()
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

describe('legal pages', () => {
  /** The legal text as the build prerendered it for `path`. */
  async function prerenderedText(page: Page, path: string): Promise<string> {
    const html = await (await page.request.get(baseURL() + path)).text()
    return page.evaluate((markup) => new DOMParser().parseFromString(markup, 'text/html').querySelector('main .prose')?.innerHTML ?? '', html)
  }

  // The build renders their Markdown and sanitizes it (scripts/content.mjs); a phone has nothing left to clean.
  it('show the text the build rendered and sanitized, on a full load and after client navigation, without downloading a sanitizer', async () => {
    const { page, errors, context } = await openPage(browser())
    await withConsentDecided(context)
    await gotoAndWait(page, '/cgu')
    await waitForApp(page)
    const prose = page.locator('main .prose')
    expect(await prose.locator('h2').count()).toBeGreaterThan(2)
    await navigateInApp(page, '/confidentialite')
    await page.getByRole('heading', { level: 1, name: 'Politique de confidentialité' }).waitFor()
    expect(await prose.evaluate((element) => element.innerHTML)).toBe(await prerenderedText(page, '/confidentialite'))
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1)
    expect(await loadedScriptsCarrying(page, DOMPURIFY_MARKER)).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })
})
