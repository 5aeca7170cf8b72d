import type { CDPSession, Locator, Page, Request } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { heroImageOf } from '#src/lib/warm-page-images'
import { afterTwoFrames, baseURL, expectNoAxeViolations, gotoAndWait, openPage, useBrowser, waitForApp, withConsentDecided, type SessionContext } from './support/browser'
import { navigateInApp } from './support/client-navigation'
import { holdRequests } from './support/held-requests'
import { fetchedScripts } from './support/loaded-scripts'

const browser = useBrowser()
const DESKTOP = { width: 1280, height: 800 }
const PHONE = { width: 375, height: 812 }
/** The seed's menu entries, in the seed's order, with their labels. */
const SEED_MENU = [
  ['Accueil', '/'],
  ['Les enjeux', '/les-enjeux'],
  ["L'application", '/application'],
  ['Tarifs', '/pricing'],
  ['Contact', '/contact'],
  ['Se connecter', '/login'],
  ['Le studio', '/agency'],
  ["L'atelier", '/atelier'],
  ['Blog', '/blog'],
]
const SECTIONS = ['/acquisition', '/advice', '/branding', '/performance', '/web-to-shop', '/who-are-we', '/cas-clients']

const menu = (page: Page) => page.getByRole('navigation', { name: 'Navigation principale' })
const platform = (page: Page) => menu(page).getByRole('button', { name: 'La plateforme' })
const studio = (page: Page) => menu(page).getByRole('button', { name: 'Les services du studio' })
const panelOf = async (page: Page, button: Locator) => page.locator(`[id="${await button.getAttribute('aria-controls')}"]`)
const expanded = (button: Locator) => button.getAttribute('aria-expanded')
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim())

async function open(path: string, options: Parameters<typeof openPage>[1] = {}) {
  const session = await openPage(browser(), { viewport: DESKTOP, ...options })
  await withConsentDecided(session.context)
  await gotoAndWait(session.page, path)
  await waitForApp(session.page)
  return session
}

/** tippy.js has taken over a dropdown: it marks the panel's wrapper as its popper. */
async function waitForTippy(panel: Locator): Promise<void> {
  await expect.poll(() => panel.evaluate((element) => element.parentElement?.hasAttribute('data-tippy-root'))).toBe(true)
}

/** Fakes the page's timers and stops its time: from now on it moves only by `clock.runFor`. */
async function stopTime(page: Page): Promise<void> {
  await page.clock.install()
  await page.clock.pauseAt(Date.now() + 1000)
}

/** Lets React commit what the last event scheduled (its scheduler posts messages; the fake clock leaves them alone). */
async function settleReact(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        const channel = new MessageChannel()
        channel.port1.onmessage = resolve
        channel.port2.postMessage(null)
      }),
  )
}

/** A touch at one point that moves by `dy` before lifting, through the DevTools protocol. */
async function touch(cdp: CDPSession, x: number, y: number, dy = 0): Promise<void> {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] })
  if (dy) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y + dy }] })
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
}

describe('the site menu', () => {
  it('keeps the seed’s entries in order, and reaches all seven sections from the menu and the footer', async () => {
    const html = await (await fetch(`${baseURL()}/`)).text()
    const nav = html.match(/<nav[^>]*aria-label="Navigation principale"[^>]*>([\s\S]*?)<\/nav>/)?.[1] ?? ''
    const footer = html.match(/<footer[\s\S]*?<\/footer>/)?.[0] ?? ''
    // Prerendered: every link is in the HTML before any script runs.
    const links = [...nav.matchAll(/<a[^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((match) => [match[2]!.replace(/&#x27;/g, "'"), match[1]!])
    const seedInMenu = links.filter(([label, href]) => SEED_MENU.some(([seedLabel, seedHref]) => seedLabel === label && seedHref === href))
    expect(seedInMenu).toEqual(SEED_MENU)
    for (const section of SECTIONS) {
      expect(links.map(([, href]) => href), section).toContain(section)
      expect(footer, section).toContain(`href="${section}"`)
    }
    for (const [, href] of SEED_MENU) expect(footer, href).toContain(`href="${href}"`)
  })

  // A slow phone shows the prerendered page long before the app adopts it; the visitor reads and scrolls.
  it('keeps the page where the visitor scrolled it while the app was loading, then still restores it on Back', async () => {
    const { page, errors, context } = await openPage(browser(), { viewport: PHONE })
    await withConsentDecided(context)
    const releaseApp = await holdRequests(page, '**/_app/assets/chunks/*.js')
    // The held scripts keep the load event from firing: the page is read as soon as it is parsed.
    await page.goto(baseURL() + '/les-enjeux', { waitUntil: 'commit' })
    await page.locator('footer').waitFor({ state: 'attached' })
    await page.mouse.wheel(0, 1500)
    await expect.poll(() => page.evaluate(() => scrollY)).toBe(1500)
    releaseApp()
    await waitForApp(page)
    await afterTwoFrames(page)
    expect(await page.evaluate(() => scrollY)).toBe(1500)
    await page.unroute('**/_app/assets/chunks/*.js')

    await navigateInApp(page, '/pricing')
    await page.getByRole('heading', { level: 1, name: /tarifs/i }).waitFor()
    await expect.poll(() => page.evaluate(() => scrollY)).toBe(0)
    await page.goBack()
    await page.waitForURL(`${baseURL()}/les-enjeux`)
    await expect.poll(() => page.evaluate(() => scrollY)).toBe(1500)
    expect(errors).toEqual([])
    await context.close()
  })

  it('Back restores where the page was, even when its link was followed before the browser painted the scroll that reached it', async () => {
    const { page, errors, context } = await open('/')
    const lowest = page.locator('#main a[href^="/"]:not([href="/"])').last()
    // Focus without scrolling: its section is adopted by React (its props are on the link), nothing has scrolled.
    await lowest.evaluate((link) => link.focus({ preventScroll: true }))
    await expect.poll(() => lowest.evaluate((link) => Object.keys(link).some((key) => key.startsWith('__reactProps')))).toBe(true)
    // Reached and followed in one task: the browser dispatches the scroll event only at its next frame.
    const left = await lowest.evaluate((link: HTMLElement) => {
      link.blur()
      link.focus()
      link.click()
      return scrollY
    })
    expect(left).toBeGreaterThan(DESKTOP.height)
    await page.waitForURL((url) => url.pathname !== '/')
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1')
    await page.goBack()
    await page.waitForURL(`${baseURL()}/`)
    await expect.poll(() => page.evaluate(() => scrollY)).toBe(left)
    expect(errors).toEqual([])
    await context.close()
  })

  it('loads tippy.js on the first intent only, and works by keyboard and click before it arrives', async () => {
    const { page, context } = await open('/', { fresh: true })
    const loadedPopper = async () => (await fetchedScripts(page)).some((script) => /menu-popper/.test(script))
    expect(await loadedPopper()).toBe(false)
    await context.route(/menu-popper-[^/]*\.js$/, (route) => route.abort())
    const button = platform(page)
    const panel = await panelOf(page, button)
    await button.focus()
    await page.keyboard.press('Enter')
    expect(await expanded(button)).toBe('true')
    expect(await panel.getByRole('link', { name: 'Cas clients' }).isVisible()).toBe(true)
    await page.keyboard.press('ArrowDown')
    expect(await focusedText(page)).toBe('Les enjeux')
    await page.keyboard.press('Escape')
    expect(await expanded(button)).toBe('false')
    expect(await panel.isVisible()).toBe(false)
    await button.click()
    expect(await expanded(button)).toBe('true')
    await button.click()
    expect(await expanded(button)).toBe('false')
    await context.close()
  })

  it('dropdowns by keyboard: Enter and Space toggle, arrows move, Escape returns to the button, Tab leaves', async () => {
    const { page, errors, context } = await open('/')
    const button = platform(page)
    const panel = await panelOf(page, button)
    await button.focus()
    await page.keyboard.press('Enter')
    expect(await expanded(button)).toBe('true')
    expect(await panel.isVisible()).toBe(true)
    await page.keyboard.press('ArrowDown')
    expect(await focusedText(page)).toBe('Les enjeux')
    await page.keyboard.press('ArrowDown')
    expect(await focusedText(page)).toBe("L'application")
    await page.keyboard.press('ArrowUp')
    await page.keyboard.press('ArrowUp')
    expect(await focusedText(page)).toBe('Qui sommes-nous')
    await page.keyboard.press('Home')
    expect(await focusedText(page)).toBe('Les enjeux')
    await page.keyboard.press('Escape')
    expect(await expanded(button)).toBe('false')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe(await button.getAttribute('aria-controls'))
    await page.keyboard.press('Space')
    expect(await expanded(button)).toBe('true')
    await page.keyboard.press('Space')
    expect(await expanded(button)).toBe('false')
    // ArrowDown on the closed button opens it on its first link; Tab past the last link leaves and closes it.
    await page.keyboard.press('ArrowDown')
    expect(await focusedText(page)).toBe('Les enjeux')
    await page.keyboard.press('End')
    await page.keyboard.press('Tab')
    expect(await focusedText(page)).toBe('Tarifs')
    expect(await expanded(button)).toBe('false')

    // The studio: its page is a link, its services behind the button right after it.
    await menu(page).getByRole('link', { name: 'Le studio', exact: true }).focus()
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Les services du studio')
    await page.keyboard.press('Enter')
    await page.keyboard.press('ArrowDown')
    expect(await focusedText(page)).toBe('Acquisition')
    await page.keyboard.press('Enter')
    await page.waitForURL(`${baseURL()}/acquisition`)
    await page.getByRole('heading', { level: 1 }).waitFor()
    await expect.poll(() => expanded(studio(page))).toBe('false')
    expect(errors).toEqual([])
    await context.close()
  })

  it('dropdowns by pointer: open 200 ms after hovering, stay open in the panel, close 400 ms after leaving', async () => {
    const { page, errors, context } = await open('/', { fresh: true })
    const button = platform(page)
    const panel = await panelOf(page, button)
    // The first hover brings tippy.js, which then keeps the time of the dropdown.
    await button.hover()
    await waitForTippy(panel)
    await expect.poll(() => expanded(button)).toBe('true')
    await page.mouse.move(5, 700)
    await expect.poll(() => expanded(button)).toBe('false')

    await stopTime(page)
    await button.hover()
    await page.clock.runFor(180)
    await settleReact(page)
    expect(await expanded(button)).toBe('false')
    await page.clock.runFor(40)
    await expect.poll(() => expanded(button)).toBe('true')
    // Down into the panel, across the gap, and a long stay there.
    const link = panel.getByRole('link', { name: 'Cas clients' })
    const box = (await link.boundingBox())!
    await page.mouse.move(box.x + 10, box.y + box.height / 2, { steps: 8 })
    await page.clock.runFor(1500)
    await settleReact(page)
    expect(await expanded(button)).toBe('true')
    expect(await link.isVisible()).toBe(true)
    await page.mouse.move(5, 700, { steps: 4 })
    await page.clock.runFor(360)
    await settleReact(page)
    expect(await expanded(button)).toBe('true')
    await page.clock.runFor(60)
    await expect.poll(() => expanded(button)).toBe('false')
    expect(await panel.isVisible()).toBe(false)
    expect(errors).toEqual([])
    await context.close()
  })

  it('dropdowns by touch: a tap opens, a scroll outside keeps it open, a tap outside closes it', async () => {
    const { page, errors, context } = await open('/', { hasTouch: true, fresh: true })
    const cdp = await context.newCDPSession(page)
    const button = platform(page)
    const panel = await panelOf(page, button)
    await button.tap()
    await expect.poll(() => expanded(button)).toBe('true')
    await waitForTippy(panel)
    expect(await panel.isVisible()).toBe(true)
    // Outside the menu, on the page's heading: a finger that moves 40 px is scrolling, the panel stays.
    const heading = (await page.getByRole('heading', { level: 1 }).boundingBox())!
    const [x, y] = [heading.x + 20, heading.y + heading.height / 2]
    await touch(cdp, x, y, -40)
    await settleReact(page)
    expect(await expanded(button)).toBe('true')
    expect(await panel.isVisible()).toBe(true)
    await touch(cdp, x, y, 0)
    await expect.poll(() => expanded(button)).toBe('false')
    expect(await panel.isVisible()).toBe(false)
    // Tapping the button toggles it; nothing reopens it afterwards (no hover delay left running).
    await stopTime(page)
    await button.tap()
    await expect.poll(() => expanded(button)).toBe('true')
    await button.tap()
    await page.clock.runFor(1000)
    await settleReact(page)
    expect(await expanded(button)).toBe('false')
    await button.tap()
    await panel.getByRole('link', { name: 'Cas clients' }).tap()
    await page.waitForURL(`${baseURL()}/cas-clients`)
    expect(errors).toEqual([])
    await context.close()
  })

  it('phones: the menu button opens every entry, groups as sub-lists, with focus kept in order', async () => {
    const { page, errors, context } = await open('/agency', { viewport: PHONE })
    const toggle = page.getByRole('button', { name: 'Ouvrir le menu' })
    expect(await page.getByRole('link', { name: 'Créer un jeu gratuit' }).isVisible()).toBe(true)
    await toggle.focus()
    await page.keyboard.press('Enter')
    const nav = menu(page)
    for (const [label] of SEED_MENU.filter(([label]) => label !== 'Les enjeux' && label !== "L'application" && label !== "L'atelier")) {
      expect(await nav.getByRole('link', { name: label, exact: true }).isVisible(), label).toBe(true)
    }
    await page.keyboard.press('Tab')
    expect(await focusedText(page)).toBe('Accueil')
    await page.keyboard.press('Tab')
    expect(await focusedText(page)).toBe('La plateforme')
    await page.keyboard.press('Enter')
    await page.keyboard.press('Tab')
    expect(await focusedText(page)).toBe('Les enjeux')
    // Escape closes the sub-list first, then the menu, each time back on the button that opened it.
    await page.keyboard.press('Escape')
    expect(await focusedText(page)).toBe('La plateforme')
    expect(await expanded(platform(page))).toBe('false')
    expect(await nav.isVisible()).toBe(true)
    await page.keyboard.press('Escape')
    await nav.waitFor({ state: 'hidden' })
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe(await toggle.getAttribute('aria-controls'))

    await page.keyboard.press('Enter')
    await studio(page).click()
    for (const name of ['Acquisition', 'Conseil', 'Branding', 'Performance', 'Web-to-shop', "L'atelier"]) {
      expect(await nav.getByRole('link', { name, exact: true }).isVisible(), name).toBe(true)
    }
    await expectNoAxeViolations(page, { include: ['.site-header'] })
    // Leaving the header by keyboard closes the menu.
    await page.getByRole('link', { name: 'Créer un jeu gratuit' }).focus()
    await page.keyboard.press('Tab')
    await expect.poll(() => nav.isVisible()).toBe(false)
    expect(errors).toEqual([])
    await context.close()
  })

  it('has no axe violation with a dropdown open', async () => {
    const { page, errors, context } = await open('/pricing')
    await platform(page).click()
    await (await panelOf(page, platform(page))).waitFor()
    await expectNoAxeViolations(page, { include: ['.site-header'] })
    await studio(page).click()
    await expectNoAxeViolations(page, { include: ['.site-header'] })
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('intent preloading', () => {
  /** Requests the page makes from now on, but the favicon the browser fetches by itself. */
  function recordRequests(page: Page): Request[] {
    const requests: Request[] = []
    page.on('request', (request) => {
      if (!request.url().endsWith('/favicon.svg')) requests.push(request)
    })
    return requests
  }

  /**
   * Imports in the page every script it has fetched (importing a URL again resolves only once its module
   * graph has run, without a new request), then lets what those modules start go on for a task. A string,
   * so the test runner does not rewrite the page's own import().
   */
  async function runFetchedScripts(page: Page): Promise<void> {
    const scripts = JSON.stringify(await fetchedScripts(page))
    await page.evaluate(`Promise.all(${scripts}.map((script) => import(script).catch(() => undefined))).then(() => new Promise((resolve) => setTimeout(resolve)))`)
  }

  /**
   * Waits for the page's chunk and payload to be requested, and for its hero picture once the payload has
   * named it (it is asked for only then), then for every script the preload fetches to have run and every
   * request to be answered.
   */
  async function preloaded(page: Page, path: string, requests: Request[]): Promise<void> {
    const chunkOf = () => requests.find((request) => request.resourceType() === 'script' && request.url().includes('.lazy-'))
    const payloadOf = () => requests.find((request) => request.url().includes(`${path}/_payload.json`))
    await expect.poll(() => Boolean(payloadOf() && chunkOf())).toBe(true)
    const hero = heroImageOf(await (await payloadOf()!.response())?.json())
    if (hero) await expect.poll(() => requests.some((request) => request.url().endsWith(hero))).toBe(true)
    // The route's chunk declares code of its own (the pricing matrix, the home page's sign-up form), which
    // the preload fetches once the chunk and the code already declared are there: until the scripts that
    // ran start no new request.
    for (let known = -1; requests.length !== known; ) {
      known = requests.length
      await Promise.all(requests.map((request) => request.response()))
      await runFetchedScripts(page)
    }
  }

  async function expectNoRequestOnClick(page: Page, context: SessionContext, requests: Request[], go: () => Promise<unknown>, path: string, heading: RegExp) {
    requests.length = 0
    await go()
    await page.waitForURL(`${baseURL()}${path}`)
    await page.getByRole('heading', { level: 1, name: heading }).waitFor()
    expect(requests.map((request) => request.url())).toEqual([])
    await context.close()
  }

  it('hovering a menu link fetches its chunk and payload; the click then needs no request', async () => {
    const { page, context } = await open('/', { fresh: true })
    const requests = recordRequests(page)
    const link = menu(page).getByRole('link', { name: 'Tarifs' })
    await link.hover()
    await preloaded(page, '/pricing', requests)
    await expectNoRequestOnClick(page, context, requests, () => link.click(), '/pricing', /tarifs/i)
  })

  it('a link inside a dropdown preloads on hover as well', async () => {
    const { page, context } = await open('/', { fresh: true })
    const requests = recordRequests(page)
    await platform(page).click()
    const link = (await panelOf(page, platform(page))).getByRole('link', { name: 'Cas clients' })
    await link.hover()
    await preloaded(page, '/cas-clients', requests)
    await expectNoRequestOnClick(page, context, requests, () => link.click(), '/cas-clients', /./)
  })

  it('focusing a link by keyboard preloads it; Enter then needs no request', async () => {
    const { page, context } = await open('/', { fresh: true })
    const requests = recordRequests(page)
    await menu(page).getByRole('link', { name: 'Contact' }).focus()
    await preloaded(page, '/contact', requests)
    await expectNoRequestOnClick(page, context, requests, () => page.keyboard.press('Enter'), '/contact', /./)
  })

  it('touching a link preloads it while the finger is down; lifting it then needs no request', async () => {
    const { page, context } = await open('/', { viewport: PHONE, hasTouch: true, fresh: true })
    const requests = recordRequests(page)
    await page.getByRole('button', { name: 'Ouvrir le menu' }).tap()
    const box = (await menu(page).getByRole('link', { name: 'Tarifs' }).boundingBox())!
    const cdp = await context.newCDPSession(page)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: box.x + 10, y: box.y + box.height / 2 }] })
    await preloaded(page, '/pricing', requests)
    await expectNoRequestOnClick(page, context, requests, () => cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] }), '/pricing', /tarifs/i)
  })
})
