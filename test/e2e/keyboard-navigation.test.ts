import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { baseURL, expectNoAxeViolations, gotoAndWait, openPage, useBrowser, waitForApp, withConsentDecided } from './support/browser'
import { tabTo, withText } from './support/tab-to'

const browser = useBrowser()
const DESKTOP = { width: 1280, height: 900 }
const PHONE = { width: 375, height: 812 }

const menu = (page: Page) => page.getByRole('navigation', { name: 'Navigation principale' })
const platform = (page: Page) => menu(page).getByRole('button', { name: 'La plateforme' })
const expanded = (button: Locator) => button.getAttribute('aria-expanded')
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement
    return { text: active?.textContent?.trim() ?? '', tag: active?.tagName ?? '', href: active?.getAttribute('href') ?? null, inMain: Boolean(active?.closest('#main')) }
  })
const IN_SIGHT = 'in sight'
/**
 * `IN_SIGHT` when the focused element's box lies inside the viewport and it is the topmost thing at its
 * centre (nothing covers it); otherwise what was seen instead, so a failure names its cause.
 */
const focusInSight = (page: Page) =>
  page.evaluate((inSight) => {
    const active = document.activeElement as HTMLElement | null
    if (!active || active === document.body) return 'nothing focused'
    const describe = (element: Element | null) =>
      element ? `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} class="${element.getAttribute('class') ?? ''}"> “${element.textContent?.trim().slice(0, 40) ?? ''}”` : 'nothing'
    const box = active.getBoundingClientRect()
    const inView = box.top >= 0 && box.bottom <= innerHeight && box.left >= 0 && box.right <= innerWidth
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
    if (inView && top !== null && (active === top || active.contains(top))) return inSight
    const scrolled = [...document.querySelectorAll('*')].filter((element) => element.scrollLeft !== 0).map(describe)
    return `${describe(active)} at ${[box.left, box.top, box.right, box.bottom].map(Math.round).join(',')} in ${innerWidth}×${innerHeight} (scrollY ${Math.round(scrollY)}); at its centre: ${describe(top)}; scrolled sideways: ${scrolled.join(', ') || 'none'}`
  }, IN_SIGHT)

async function open(path: string, viewport: typeof DESKTOP) {
  const session = await openPage(browser(), { viewport })
  await withConsentDecided(session.context)
  await gotoAndWait(session.page, path)
  await waitForApp(session.page)
  return session
}

const inMain = (active: Element) => active.closest('#main') !== null

/**
 * Back from the page behind the lowest link of `/` restores scroll and focus on that link; Forward focuses the
 * new page's h1. Runs from wherever focus is on `/`, above that link.
 */
async function followLowestLinkBackAndForward(page: Page, viewport: typeof DESKTOP) {
  // The lowest link of the page's content to another page: reaching it by Tab scrolls far down.
  const target = await page.evaluate(() => {
    const links = [...document.querySelectorAll<HTMLAnchorElement>('#main a[href^="/"]')].filter((link) => link.getAttribute('href') !== '/' && link.offsetParent)
    const last = links.at(-1)
    return last ? { href: last.getAttribute('href'), text: last.textContent?.trim() ?? '' } : null
  })
  expect(target).not.toBeNull()
  await tabTo(page, (active, { href, text }) => active.getAttribute('href') === href && active.textContent?.trim() === text, target!)
  const left = await page.evaluate(() => scrollY)
  expect(left).toBeGreaterThan(viewport.height)
  await page.keyboard.press('Enter')
  await page.waitForURL(`${baseURL()}${target!.href}`)
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1')
  await expect.poll(() => page.locator('#route-announcer').textContent()).toContain(await page.title())

  await page.goBack()
  await page.waitForURL(`${baseURL()}/`)
  await expect.poll(() => focused(page)).toEqual({ text: target!.text, tag: 'A', href: target!.href, inMain: true })
  expect(Math.abs((await page.evaluate(() => scrollY)) - left)).toBeLessThan(2)
  expect(await focusInSight(page)).toBe(IN_SIGHT)
  await expect.poll(() => page.locator('#route-announcer').textContent()).toContain(await page.title())
  // The next Tab goes on from the link, not from the top of the page.
  await page.keyboard.press('Tab')
  expect(await page.evaluate(() => scrollY)).toBeGreaterThan(viewport.height)

  await page.goForward()
  await page.waitForURL(`${baseURL()}${target!.href}`)
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1')
  await expectNoAxeViolations(page, { include: ['#main'] })
}

// One load of `/` per width: each step starts from the state the one before left, which is the state its
// checks need (focus at the top of the header, on the menu button, on the page…).
describe('the header at 1280 px, then Back and Forward, by keyboard', () => {
  it('a dropdown closes when focus leaves it, backwards, forwards or opened under the pointer, and Escape from the page never pulls focus to it; Back restores the scroll and focus on the link followed, in view; a new page focuses its h1', async () => {
    const { page, errors, context } = await open('/', DESKTOP)
    const button = platform(page)
    await tabTo(page, withText, 'La plateforme')
    await page.keyboard.press('Enter')
    expect(await expanded(button)).toBe('true')
    await page.keyboard.press('Shift+Tab')
    expect((await focused(page)).text).toBe('Accueil')
    await expect.poll(() => expanded(button)).toBe('false')
    await page.keyboard.press('Tab')
    await page.keyboard.press('ArrowDown')
    expect((await focused(page)).text).toBe('Les enjeux')
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Shift+Tab')
    expect((await focused(page)).text).toBe('Accueil')
    await expect.poll(() => expanded(button)).toBe('false')

    await tabTo(page, inMain, null)
    const start = await focused(page)
    // Focus on the page, the pointer on the dropdown: Escape closes it and leaves focus where it was.
    await button.hover()
    await expect.poll(() => expanded(button)).toBe('true')
    await page.keyboard.press('Escape')
    await expect.poll(() => expanded(button)).toBe('false')
    expect(await focused(page)).toEqual(start)
    // Open under the pointer again: the next Tab lands on the page, and the panel is gone from over it.
    await page.mouse.move(5, 5)
    await button.hover()
    await expect.poll(() => expanded(button)).toBe('true')
    await page.keyboard.press('Tab')
    await expect.poll(() => expanded(button)).toBe('false')
    expect(await focusInSight(page)).toBe(IN_SIGHT)
    // With nothing open, Escape on the page stays on the page.
    const before = await focused(page)
    await page.keyboard.press('Escape')
    expect(await focused(page)).toEqual(before)

    // The pointer back where a new visit has it, off the header's dropdowns.
    await page.mouse.move(0, 0)
    await followLowestLinkBackAndForward(page, DESKTOP)
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('the phone menu at 375 px, then Back and Forward, by keyboard', () => {
  it('the menu closes when focus leaves it for the brand, the call to action or the page, the focused element is never under it, and Escape closes it only from inside, back on the menu button, elsewhere leaving focus alone; Back restores the scroll and focus on the link followed, in view; a new page focuses its h1', async () => {
    const { page, errors, context } = await open('/', PHONE)
    const nav = menu(page)
    const toggle = page.getByRole('button', { name: 'Ouvrir le menu' })
    await tabTo(page, withText, 'Ouvrir le menu')
    await page.keyboard.press('Enter')
    await nav.waitFor()
    await page.keyboard.press('Tab')
    expect((await focused(page)).text).toBe('Accueil')
    await page.keyboard.press('Shift+Tab')
    expect(await nav.isVisible()).toBe(true)
    // Back to the brand, outside the menu.
    await page.keyboard.press('Shift+Tab')
    await nav.waitFor({ state: 'hidden' })
    expect(await focusInSight(page)).toBe(IN_SIGHT)
    await page.keyboard.press('Tab')
    expect((await focused(page)).text).toBe('Ouvrir le menu')

    // Escape from inside the open menu closes it, back on its button.
    await page.keyboard.press('Enter')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    expect((await focused(page)).text).toBe('La plateforme')
    await page.keyboard.press('Escape')
    await nav.waitFor({ state: 'hidden' })
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe(await toggle.getAttribute('aria-controls'))

    // Forwards through every entry: the call to action after the last one closes it.
    await page.keyboard.press('Enter')
    await nav.waitFor()
    await tabTo(page, withText, 'Créer un jeu gratuit')
    await nav.waitFor({ state: 'hidden' })
    expect(await focusInSight(page)).toBe(IN_SIGHT)
    await page.keyboard.press('Tab')
    expect(await focusInSight(page)).toBe(IN_SIGHT)

    // On the page, far from the header: Escape does not move focus or scroll.
    await tabTo(page, inMain, null)
    const scroll = await page.evaluate(() => scrollY)
    const here = await focused(page)
    await page.keyboard.press('Escape')
    expect(await focused(page)).toEqual(here)
    expect(await page.evaluate(() => scrollY)).toBe(scroll)

    await followLowestLinkBackAndForward(page, PHONE)
    expect(errors).toEqual([])
    await context.close()
  })
})
