import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { baseURL, openPage, useBrowser, withConsentDecided } from './support/browser'

const browser = useBrowser()
const PHONE = { width: 412, height: 823 }

/**
 * Runs `journey` on a phone-sized page whose CSS animations can be stopped: a long page holds its blocks
 * below the first screen back with one (docs/decisions/066-first-frame-holds-back-the-rest.md), so a
 * stopped clock keeps them held back for as long as the test looks. The page must log no error.
 */
async function withClock(journey: (page: Page, setClock: (running: boolean) => Promise<unknown>) => Promise<void>): Promise<void> {
  const { page, errors, context, close } = await openPage(browser(), { fresh: true, viewport: PHONE })
  try {
    await withConsentDecided(context)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Animation.enable')
    await journey(page, (running) => cdp.send('Animation.setPlaybackRate', { playbackRate: running ? 1 : 0 }))
    expect(errors).toEqual([])
  } finally {
    await close()
  }
}

/** Loaded and hydrated; `waitForApp` would also wait for the held-back blocks, which a stopped clock keeps. */
async function load(page: Page, path: string): Promise<void> {
  await page.goto(baseURL() + path, { waitUntil: 'load' })
  await appReady(page)
}

const appReady = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.appReady === 'true', undefined, { polling: 50 })

const visible = (page: Page, selector: string) => page.locator(selector).first().isVisible()
const topOf = (page: Page, selector: string) => page.locator(selector).evaluate((element) => Math.round(element.getBoundingClientRect().top))

describe("a long page's first frames", () => {
  it('lay out the first screen of /pricing (its offers) and hold back the comparison, the questions and the footer, with reduced motion or without; all of it shows once the clock runs', () =>
    withClock(async (page, setClock) => {
      await setClock(false)
      for (const reducedMotion of ['reduce', 'no-preference'] as const) {
        await page.emulateMedia({ reducedMotion })
        // A new visit: the same URL again would keep the entry's state, which a reload shows whole.
        await page.goto('about:blank')
        await load(page, '/pricing')
        expect(await visible(page, 'h1')).toBe(true)
        expect(await page.locator('.plan').count()).toBe(4)
        expect(await visible(page, '.plan')).toBe(true)
        expect([await visible(page, '.matrix'), await visible(page, '.faq'), await visible(page, 'footer')]).toEqual([false, false, false])
        // How long each batch is held: reduced motion, which shortens every animation, must not shorten these.
        const heldFor = await page.evaluate(() =>
          [...document.querySelectorAll('[data-later]')].map((block) => `${block.getAttribute('data-later')}:${block.getAnimations()[0]?.effect?.getComputedTiming().endTime}`),
        )
        expect(new Set(heldFor)).toEqual(new Set(['1:1', '2:100']))
      }

      await setClock(true)
      for (const selector of ['.matrix', '.faq', 'footer']) await page.locator(selector).first().waitFor({ state: 'visible' })
      expect(await page.locator('.matrix__table tbody tr').count()).toBe(35)
    }))

  it('show everything at once for a link to an #anchor below the first screen, and land on it', () =>
    withClock(async (page, setClock) => {
      await setClock(false)
      await load(page, '/pricing#faq-title')
      await page.waitForFunction(() => {
        const heading = document.getElementById('faq-title')
        // An element out of the layout has a rectangle too, at the top: it must be laid out, the page scrolled to it.
        return heading !== null && heading.getClientRects().length > 0 && Math.abs(heading.getBoundingClientRect().top) < 2 && window.scrollY > 0
      })
      expect(await visible(page, 'footer')).toBe(true)

      // Leaving for another page takes the anchor away; the footer stays, and must not be held back again.
      // First the animation clock runs past the longest hold (0.3 s), as it would for a visitor reading.
      await setClock(true)
      const now = await page.evaluate(() => Number(document.timeline.currentTime))
      await page.waitForFunction((start) => Number(document.timeline.currentTime) > start + 400, now, { polling: 50 })
      await page.locator('.site-header a[href="/"]').first().click()
      await page.waitForURL(baseURL() + '/')
      expect(await page.locator('footer').evaluate((footer) => footer.getAnimations().map((animation) => animation.playState))).not.toContain('running')
      expect(await visible(page, 'footer')).toBe(true)
    }))

  it('come back to the same place after a reload or a step back near the bottom of /application', () =>
    withClock(async (page, setClock) => {
      await load(page, '/application')
      await page.locator('footer').waitFor({ state: 'visible' })
      const bottom = await page.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight)
        return Math.round(window.scrollY)
      })
      const footerTop = await topOf(page, 'footer')

      await setClock(false)
      await page.reload({ waitUntil: 'load' })
      await appReady(page)
      expect(await page.evaluate(() => Math.round(window.scrollY))).toBe(bottom)
      expect(await topOf(page, 'footer')).toBe(footerTop)

      await page.goto('about:blank')
      await page.goBack({ waitUntil: 'load' })
      await appReady(page)
      expect(await page.evaluate(() => Math.round(window.scrollY))).toBe(bottom)
      expect(await topOf(page, 'footer')).toBe(footerTop)
    }))
})
