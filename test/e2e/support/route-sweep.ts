import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { distDir, expectNoAxeViolations, gotoAndWait, openPage, useBrowser, waitForApp, withConsentDecided, type PageSession } from './browser'
import { tabThrough } from './focus-ring-probe'
import { fontsReady, measureLayout, resize, SCROLLBAR } from './layout-probe'
import { builtPages } from './site-data'

/*
 * The sweep every route goes through once: a page is loaded at 1280 px, then narrowed to 375 px, and the
 * one load serves every check that reads the whole page (content, axe, CSP, layout at the nearby widths with
 * the web font and with its fallback, the focus ring at every Tab stop). Checks of one widget's states
 * live in the files about that widget.
 */

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
const SERVICES = ['/acquisition', '/advice', '/branding', '/performance', '/web-to-shop', '/atelier']
/** The studio's pages (the agency layout), swept apart from the platform's. */
export const STUDIO_ROUTES = ['/agency', ...SERVICES]
for (const service of SERVICES) {
  SECTIONS[service] = ['Ce qui vous freine', 'Ce que nous vous proposons', 'La méthode', 'Ce que vous recevez', 'Un cas concret', 'Parlons de votre prochaine campagne']
}
/** Customer cases each page quotes. */
const CASES: Record<string, number> = { '/cas-clients': 6, ...Object.fromEntries(SERVICES.map((service) => [service, 1])) }

export const NOT_FOUND = '/introuvable'
/** One page per layout (platform, studio, the bare not-found page), where axe scans header and footer too. */
const SCANNED_WHOLE = ['/', '/agency', NOT_FOUND]
const DESKTOP = { width: 1280, height: 900 }
const PHONE_WIDTH = 375
/*
 * Widths measured from each load, after it (320 px is the narrowest phone still sold), in the cheapest walk
 * through them: each new width is a layout and a painted frame of the whole page, each change of font a new
 * shaping of all its text. So the fallback font's widths sit next to the same ones with the web font, and
 * the walk ends on the fallback font.
 */
/** Measured again with the fallback font, as a visitor whose first paint came before the web font sees them. */
const FALLBACK_DESKTOP_WIDTHS: (readonly [number, number])[] = [[1280, 0], [1024, SCROLLBAR]]
/** With the web font, from the width the fallback font's pass ends on. */
const DESKTOP_WIDTHS: (readonly [number, number])[] = [[1024, SCROLLBAR], [1024, 0], [1366, 0], [1440, 0], [1920, 0]]
/** On the way down to 375 px, where the focus ring is walked and the fallback font measured. */
const PHONE_WIDTHS: (readonly [number, number])[] = [[768, 0], [320, 0]]

const FALLBACK_FONT = String.raw`(() => {
  // What the page draws before the web font arrives: the same stack without the web font, through the one
  // custom property every text takes its family from. A constructed sheet, which the CSP lets through.
  const sheet = new CSSStyleSheet()
  sheet.replaceSync(":root { --font-sans: 'Plus Jakarta Sans Fallback', Arial, sans-serif !important }")
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]
  window.__fallbackFont = sheet
  return getComputedStyle(document.querySelector('h1')).fontFamily
})()`
const WEB_FONT = `document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => sheet !== window.__fallbackFont)`

interface PayloadSection {
  type: string
}
const firstSectionOf = (route: string): PayloadSection | undefined =>
  (JSON.parse(readFileSync(path.join(distDir(), route, '_payload.json'), 'utf8')) as { page: { sections?: PayloadSection[] } }).page.sections?.[0]

async function load(session: PageSession, route: string): Promise<void> {
  await withConsentDecided(session.context)
  await session.context.addInitScript(() => {
    const violations: string[] = []
    Object.assign(window, { __cspViolations: violations })
    document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.violatedDirective} ${event.blockedURI}`))
  })
  await gotoAndWait(session.page, route)
  await waitForApp(session.page)
  await fontsReady(session.page)
}

/** Every element in the page and the header's parts, at the current width. */
async function expectSoundLayout(page: Page, where: string, width: number): Promise<void> {
  const report = await measureLayout(page)
  expect(report.sideways, where).toBeLessThanOrEqual(0)
  expect(report.overlaps, where).toEqual([])
  expect(report.sticking, where).toEqual([])
  expect(report.brandLines, where).toBe(1)
  expect(report.ctaVisible, where).toBe(true)
  if (width >= 1024) {
    // Brand, every menu item and the call to action share one line: their centres are level.
    expect(Math.max(...report.rowTops) - Math.min(...report.rowTops), where).toBeLessThanOrEqual(2)
    expect(report.headerHeight, where).toBeLessThanOrEqual(72)
  }
}

async function expectSoundLayouts(page: Page, route: string, widths: readonly (readonly [number, number])[], font = ''): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0))
  for (const [width, scrollbar] of widths) {
    await resize(page, width, scrollbar)
    await expectSoundLayout(page, `${route} at ${width} px${scrollbar ? ' beside a scrollbar' : ''}${font}`, width)
  }
}

/** From here on the page draws the fallback font; `WEB_FONT` brings the web font back. */
async function useFallbackFont(page: Page): Promise<void> {
  expect(await page.evaluate(FALLBACK_FONT)).toMatch(/^"Plus Jakarta Sans Fallback"/)
}

/** Header and footer are the same on every page: walked whole on the home page, the main content alone elsewhere. */
async function expectFocusRingEverywhere(page: Page, route: string, width: number): Promise<void> {
  const scope = route === '/' ? undefined : '#main'
  const result = await tabThrough(page, `${route} @${width}`, scope)
  expect(result.stops, `${route} @${width}: Tab stops`).toBeGreaterThan(scope ? 0 : 5)
  expect(result.offenders).toEqual([])
}

async function expectNoViolationOrError(session: PageSession, route: string): Promise<void> {
  expect(await session.page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations), route).toEqual([])
  expect(session.errors, route).toEqual([])
}

async function expectContent(page: Page, route: string, title: string): Promise<void> {
  await expect.poll(() => page.title()).toBe(title)
  expect((await page.locator('main h1').innerText()).length, route).toBeGreaterThan(10)
  const headings = await page.locator('main h2').allInnerTexts()
  for (const section of SECTIONS[route] ?? []) expect(headings, route).toContain(section)
  if (CASES[route]) expect(await page.locator('.cases .case').count(), route).toBeGreaterThanOrEqual(CASES[route])
  if (firstSectionOf(route)?.type === 'hero') {
    // No empty hero half: the art stands beside the text, and its picture has arrived.
    const art = (await page.locator('.hero__inner > :nth-child(2)').boundingBox()) ?? { width: 0, height: 0 }
    expect(art.width, route).toBeGreaterThan(300)
    expect(art.height, route).toBeGreaterThan(200)
    const image = page.locator('.hero__image')
    if (await image.count()) await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth), { message: route }).toBeGreaterThan(0)
  }
}

/**
 * One test per route: content, axe, CSP, layout from 1024 to 1920 px and the focus ring at 1280 px, then
 * layout from 320 to 768 px and the focus ring at 375 px. The not-found page has no content list or Tab walk.
 */
export function describeRouteSweep(routes: (route: string) => boolean): void {
  const browser = useBrowser()
  const pages = [...builtPages(), { path: NOT_FOUND, title: 'Page Not Found' }].filter((built) => routes(built.path))
  for (const { path: route, title } of pages) {
    const found = route !== NOT_FOUND
    describe(route, () => {
      // Up to 31 s (the home page) on one core shared with another file.
      it('at 1280 then 375 px: content, axe, CSP, layout from 320 to 1920 px with either font, and the focus ring at every Tab stop at both widths', { timeout: 120_000 }, async () => {
        const session = await openPage(browser(), { viewport: DESKTOP })
        await load(session, route)
        if (found) await expectContent(session.page, route, title)
        // Header and footer are the same on every page of a layout: scanned whole on each layout's home page.
        await expectNoAxeViolations(session.page, { exclude: SCANNED_WHOLE.includes(route) ? [] : ['.site-header', '.site-footer'] })
        await expectSoundLayouts(session.page, route, [[DESKTOP.width, 0]])
        if (found) await expectFocusRingEverywhere(session.page, route, DESKTOP.width)
        await useFallbackFont(session.page)
        await expectSoundLayouts(session.page, route, FALLBACK_DESKTOP_WIDTHS, ' (fallback font)')
        await session.page.evaluate(WEB_FONT)
        await expectSoundLayouts(session.page, route, DESKTOP_WIDTHS)
        // The phone pass reuses the load: the page answers a change of width as it answers a first one.
        await session.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
        await expectSoundLayouts(session.page, route, [...PHONE_WIDTHS, [PHONE_WIDTH, 0]])
        if (found) await expectFocusRingEverywhere(session.page, route, PHONE_WIDTH)
        // Last: the page is not measured again, so the web font need not come back.
        await useFallbackFont(session.page)
        await expectSoundLayouts(session.page, route, [[PHONE_WIDTH, 0]], ' (fallback font)')
        await expectNoViolationOrError(session, route)
        await session.close()
      })
    })
  }
}
