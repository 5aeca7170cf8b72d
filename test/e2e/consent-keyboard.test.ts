import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectNoAxeViolations, gotoAndWait, openPage, useBrowser, waitForApp } from './support/browser'

const browser = useBrowser()

const banner = (page: Page) => page.getByRole('region', { name: 'Vos cookies, votre choix' })

async function firstVisit(path: string, viewport = { width: 1280, height: 900 }) {
  const session = await openPage(browser(), { viewport })
  await gotoAndWait(session.page, path)
  await waitForApp(session.page)
  return session
}

interface FocusStop {
  name: string
  inBanner: boolean
  /** Pixels of the focused element that could be on screen above the banner, and are not. */
  hidden: number
}

/**
 * Where focus is, and how much of it is out of the room between the top of the screen and the banner: an
 * element that fits must be whole in it; a taller one (a scrolling table) must fill it.
 */
function focusStop(page: Page): Promise<FocusStop> {
  return page.evaluate(async () => {
    // What the visitor sees: the frame painted after the key press.
    await new Promise((resolve) => requestAnimationFrame(resolve))
    const active = document.activeElement as HTMLElement
    const bannerTop = document.querySelector('.consent-banner')!.getBoundingClientRect().top
    const box = active.getBoundingClientRect()
    const shown = Math.max(0, Math.min(box.bottom, bannerTop) - Math.max(box.top, 0))
    return {
      name: `${active.tagName.toLowerCase()} "${(active.textContent ?? '').trim().slice(0, 40)}"`,
      inBanner: active.closest('.consent-banner') !== null,
      hidden: Math.max(0, Math.min(box.height, bannerTop) - shown),
    }
  })
}

describe('cookie consent by keyboard', () => {
  for (const [path, viewport] of [
    ['/', { width: 1280, height: 900 }],
    ['/', { width: 375, height: 812 }],
    ['/pricing', { width: 1280, height: 900 }],
    ['/pricing', { width: 375, height: 812 }],
  ] as const) {
    it(`the banner comes first and never covers the focused element (${path}, ${viewport.width} px)`, async () => {
      const session = await firstVisit(path, viewport)
      const { page } = session
      await banner(page).waitFor()
      const stops: FocusStop[] = []
      for (let index = 0; index < 40; index++) {
        await page.keyboard.press('Tab')
        stops.push(await focusStop(page))
      }
      // Skip link first, then the banner's policy link and its four choices.
      expect(stops.slice(1, 6).map((stop) => stop.inBanner)).toEqual([true, true, true, true, true])
      expect(stops.filter((stop) => !stop.inBanner && stop.hidden > 0)).toEqual([])
      expect(session.errors).toEqual([])
      await session.context.close()
    })
  }

  it('the last links of a long page scroll above the banner too (/pricing, 375 px)', async () => {
    const session = await firstVisit('/pricing', { width: 375, height: 812 })
    const { page } = session
    await banner(page).waitFor()
    const stops: FocusStop[] = []
    // From the document itself, Shift+Tab starts at the last focusable element of the page.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    for (let index = 0; index < 8; index++) {
      await page.keyboard.press('Shift+Tab')
      stops.push(await focusStop(page))
    }
    expect(stops.every((stop) => !stop.inBanner)).toBe(true)
    expect(stops.filter((stop) => stop.hidden > 0)).toEqual([])
    await session.context.close()
  })
})
