import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectNoAxeViolations, gotoAndWait, openPage, useBrowser, waitForApp } from './support/browser'
import { pressTabs } from './support/keyboard'
import { tabTo } from './support/tab-to'

const browser = useBrowser()

const banner = (page: Page) => page.getByRole('region', { name: 'Vos cookies, votre choix' })
const settingsDialog = (page: Page) => page.getByRole('dialog', { name: 'Paramètres des cookies' })
const announcer = (page: Page) => page.locator('#consent-announcer')

const DECLINED = "Vos choix de cookies sont enregistrés : mesure d'audience refusée, chat refusé, vidéos intégrées refusées."
const ACCEPTED = "Vos choix de cookies sont enregistrés : mesure d'audience activée, chat activé, vidéos intégrées activées."
const UNCHANGED = 'Paramètres des cookies fermés : vos choix n’ont pas changé.'

/** The focused element's name (its label, else its text) matches `name`: for `tabTo`, in the page. */
const named = (active: Element, [source, flags]: readonly [string, string]): boolean => {
  const labelled = active.id ? document.querySelector(`label[for="${CSS.escape(active.id)}"]`)?.textContent : undefined
  return new RegExp(source, flags).test((active.getAttribute('aria-label') ?? labelled ?? active.textContent ?? '').trim())
}

/** Presses Tab until the focused element's name matches; fails after 80 presses. */
function tabToNamed(page: Page, name: RegExp): Promise<void> {
  return tabTo(page, named, [name.source, name.flags] as const, { limit: 80 })
}

async function activate(page: Page, name: RegExp): Promise<void> {
  await tabToNamed(page, name)
  await page.keyboard.press('Enter')
}

/** On /application: refuses everything, opens the settings from the video placeholder and turns videos on. */
async function allowVideoFromPlaceholder(page: Page): Promise<void> {
  await activate(page, /^Tout refuser$/)
  await page.getByText('To see this, please enable functional cookies').waitFor()
  await activate(page, /^Activer les contenus intégrés$/)
  await settingsDialog(page).waitFor()
  await tabToNamed(page, /^Contenus intégrés/)
  await page.keyboard.press('Space')
}

/** Describes the focused element: `main#main`, `button "Gérer les cookies"`, `iframe`… */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement!
    const tag = active.tagName.toLowerCase()
    if (tag === 'button') return `button "${active.textContent?.trim()}"${active.closest('footer') ? ' in footer' : ''}${active.closest('.consent-banner') ? ' in banner' : ''}`
    return active.id ? `${tag}#${active.id}` : tag
  })
}

/** The live region is in the page, empty, before any choice: a region born with its text is often not read. */
async function expectQuietAnnouncer(page: Page): Promise<void> {
  expect(await announcer(page).count()).toBe(1)
  expect(await announcer(page).textContent()).toBe('')
  expect(await announcer(page).getAttribute('aria-live')).toBe('polite')
}

async function firstVisit(path: string, viewport = { width: 1280, height: 900 }) {
  const session = await openPage(browser(), { viewport })
  await gotoAndWait(session.page, path)
  await waitForApp(session.page)
  // Accepting loads the third parties: silent stand-ins, as only focus and announcements matter here. Set
  // once the page has loaded (nothing optional loads before a choice), so the page's own files come from cache.
  await session.context.route('https://matomo.ludora.test/**', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }))
  await session.context.route('https://client.crisp.chat/**', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }))
  await session.context.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Vidéo</title><p>Lecteur vidéo</p>' }),
  )
  return session
}

interface FocusStop {
  name: string
  inBanner: boolean
  /** Pixels of the focused element that could be on screen above the banner, and are not. */
  hidden: number
}

/**
 * Records, at every Tab stop from now on, where focus is and how much of it is out of the room between the
 * top of the screen and the banner: an element that fits must be whole in it; a taller one (a scrolling
 * table) must fill it. Measured as the key comes back up, once focus has moved and the page has scrolled to
 * it, so the presses can come in a burst; transitions are stopped so that the skip link's `top` is read
 * where it ends, not where a frame on a busy machine might catch it.
 */
async function recordFocusStops(page: Page): Promise<() => Promise<FocusStop[]>> {
  await page.evaluate(() => {
    const still = new CSSStyleSheet()
    still.replaceSync('*, *::before, *::after { transition: none !important; animation: none !important }')
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, still]
    const stops: FocusStop[] = []
    Object.assign(window, { __focusStops: stops })
    document.addEventListener(
      'keyup',
      (event) => {
        if (event.key !== 'Tab') return
        const active = document.activeElement as HTMLElement
        const bannerTop = document.querySelector('.consent-banner')!.getBoundingClientRect().top
        const box = active.getBoundingClientRect()
        const shown = Math.max(0, Math.min(box.bottom, bannerTop) - Math.max(box.top, 0))
        stops.push({
          name: `${active.tagName.toLowerCase()} "${(active.textContent ?? '').trim().slice(0, 40)}"`,
          inBanner: active.closest('.consent-banner') !== null,
          hidden: Math.max(0, Math.min(box.height, bannerTop) - shown),
        })
      },
      true,
    )
  })
  return () => page.evaluate(() => (window as unknown as { __focusStops: FocusStop[] }).__focusStops)
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
      const stopsSoFar = await recordFocusStops(page)
      await pressTabs(page, 40)
      const stops = await stopsSoFar()
      expect(stops).toHaveLength(40)
      // Skip link first, then the banner's policy link and its four choices.
      expect(stops.slice(1, 6).map((stop) => stop.inBanner)).toEqual([true, true, true, true, true])
      expect(stops.filter((stop) => !stop.inBanner && stop.hidden > 0)).toEqual([])
      await expectNoAxeViolations(page, { include: ['.consent-banner'] })
      expect(session.errors).toEqual([])
      await session.context.close()
    })
  }

  it('the last links of a long page scroll above the banner too (/pricing, 375 px)', async () => {
    const session = await firstVisit('/pricing', { width: 375, height: 812 })
    const { page } = session
    await banner(page).waitFor()
    const stopsSoFar = await recordFocusStops(page)
    // From the document itself, Shift+Tab starts at the last focusable element of the page.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    await pressTabs(page, 8, { shift: true })
    const stops = await stopsSoFar()
    expect(stops).toHaveLength(8)
    expect(stops.every((stop) => !stop.inBanner)).toBe(true)
    expect(stops.filter((stop) => stop.hidden > 0)).toEqual([])
    await session.context.close()
  })

  for (const [choice, name, message] of [
    ['Tout accepter', /^Tout accepter$/, ACCEPTED],
    ['Tout refuser', /^Tout refuser$/, DECLINED],
    ['Fermer', /^Fermer sans choisir/, 'Bandeau cookies fermé : les cookies optionnels restent désactivés.'],
  ] as const) {
    it(`banner "${choice}": focus goes to the main landmark, not <body>, and the choice is announced`, async () => {
      const session = await firstVisit('/')
      const { page } = session
      await banner(page).waitFor()
      await expectQuietAnnouncer(page)
      await activate(page, name)
      await banner(page).waitFor({ state: 'detached' })
      await expect.poll(() => focused(page)).toBe('main#main')
      await expect.poll(() => announcer(page).textContent()).toBe(message)
      expect(session.errors).toEqual([])
      await session.context.close()
    })
  }

  for (const [choice, name, message] of [
    ['Enregistrer mes choix', /^Enregistrer mes choix$/, "Vos choix de cookies sont enregistrés : mesure d'audience activée, chat refusé, vidéos intégrées refusées."],
    ['Tout accepter', /^Tout accepter$/, ACCEPTED],
    ['Tout refuser', /^Tout refuser$/, DECLINED],
  ] as const) {
    it(`dialog "${choice}" from the banner: the banner goes too, focus goes to main, the choice is announced`, async () => {
      const session = await firstVisit('/')
      const { page } = session
      await banner(page).waitFor()
      await activate(page, /^Gérer les cookies$/)
      await settingsDialog(page).waitFor()
      await tabToNamed(page, /^Mesure d'audience/)
      await page.keyboard.press('Space')
      await activate(page, name)
      await settingsDialog(page).waitFor({ state: 'detached' })
      expect(await banner(page).count()).toBe(0)
      await expect.poll(() => focused(page)).toBe('main#main')
      await expect.poll(() => announcer(page).textContent()).toBe(message)
      expect(session.errors).toEqual([])
      await session.context.close()
    })
  }

  for (const key of ['Fermer', 'Escape'] as const) {
    it(`dialog closed with ${key === 'Fermer' ? 'its Close button' : 'Escape'}: focus back on the banner's button, announced`, async () => {
      const session = await firstVisit('/')
      const { page } = session
      await banner(page).waitFor()
      await activate(page, /^Gérer les cookies$/)
      await settingsDialog(page).waitFor()
      if (key === 'Fermer') {
        await activate(page, /^Fermer$/)
      } else {
        await page.keyboard.press('Escape')
      }
      await settingsDialog(page).waitFor({ state: 'detached' })
      await expect.poll(() => focused(page)).toBe('button "Gérer les cookies" in banner')
      await expect.poll(() => announcer(page).textContent()).toBe(UNCHANGED)
      await page.keyboard.press('Tab')
      await expect.poll(() => focused(page)).toBe('button "Fermer" in banner')
      expect(session.errors).toEqual([])
      await session.context.close()
    })
  }

  it('dialog from the footer: the page behind is inert, Tab stays in, Escape closes only the dialog, focus returns', async () => {
    const session = await firstVisit('/')
    const { page } = session
    await activate(page, /^Tout refuser$/)
    await expect.poll(() => announcer(page).textContent()).toBe(DECLINED)
    // Whatever else listens for Escape (a menu, the page) must not hear the one that closes the dialog.
    await page.evaluate(() => {
      const counter = window as unknown as { escapesHeard: number }
      counter.escapesHeard = 0
      document.addEventListener('keydown', (event) => {
        if (event.key === 'Escape') counter.escapesHeard++
      })
    })
    await tabToNamed(page, /^Gérer les cookies$/)
    expect(await focused(page)).toBe('button "Gérer les cookies" in footer')
    await page.keyboard.press('Enter')
    const dialog = settingsDialog(page)
    await dialog.waitFor()
    const behind = await page.evaluate(() =>
      ['.skip-link', 'header', '#main', 'footer'].map((selector) => document.querySelector(selector)?.closest('[inert]') !== null),
    )
    expect(behind).toEqual([true, true, true, true])
    expect(await dialog.evaluate((element) => element.closest('[inert]'))).toBeNull()
    for (let index = 0; index < 24; index++) {
      await page.keyboard.press(index < 12 ? 'Tab' : 'Shift+Tab')
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true)
    }
    await expectNoAxeViolations(page, { include: ['.consent-modal'] })
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(await page.evaluate(() => (window as unknown as { escapesHeard: number }).escapesHeard)).toBe(0)
    expect(await page.evaluate(() => document.querySelectorAll('[inert]').length)).toBe(0)
    await expect.poll(() => focused(page)).toBe('button "Gérer les cookies" in footer')
    await expect.poll(() => announcer(page).textContent()).toBe(UNCHANGED)

    // Saved from the footer: the button that opened the dialog is still there and takes focus back.
    await page.keyboard.press('Enter')
    await dialog.waitFor()
    await activate(page, /^Tout accepter$/)
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => focused(page)).toBe('button "Gérer les cookies" in footer')
    await expect.poll(() => announcer(page).textContent()).toBe(ACCEPTED)
    expect(session.errors).toEqual([])
    await session.context.close()
  })

  // One load for both: the English strings are read in the state the video's consent starts from.
  it('the seed English strings are marked lang="en"; enabling the video from its placeholder puts focus on the player, announces it, and Tab goes on after it', async () => {
    const session = await firstVisit('/application')
    const { page } = session
    await allowVideoFromPlaceholder(page)
    const unsaved = page.getByText('You have unsaved settings')
    await unsaved.waitFor()
    const embedText = page.getByText('To see this, please enable functional cookies')
    for (const text of [unsaved, embedText]) {
      expect(await text.evaluate((element) => element.closest('[lang]')?.getAttribute('lang'))).toBe('en')
    }
    await expectNoAxeViolations(page, { include: ['.consent-modal'] })

    await activate(page, /^Enregistrer mes choix$/)
    await settingsDialog(page).waitFor({ state: 'detached' })
    await expect.poll(() => focused(page)).toBe('iframe')
    await expect.poll(() => announcer(page).textContent()).toBe(
      "Vos choix de cookies sont enregistrés : mesure d'audience refusée, chat refusé, vidéos intégrées activées.",
    )
    // Tab may first enter the player's own page (a real player has controls); then it goes on after it.
    for (let index = 0; index < 5 && (await focused(page)) === 'iframe'; index++) await page.keyboard.press('Tab')
    const next = await page.evaluate(() => {
      const frame = document.querySelector('.consent-embed iframe')!
      const active = document.activeElement!
      return { follows: Boolean(frame.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING), inHeader: active.closest('header') !== null }
    })
    expect(next).toEqual({ follows: true, inHeader: false })
    expect(session.errors).toEqual([])
    await session.context.close()
  })
})
