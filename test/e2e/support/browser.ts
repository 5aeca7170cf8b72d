import AxeBuilder from '@axe-core/playwright'
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core'
import { afterAll, beforeAll, expect, inject } from 'vitest'

export const baseURL = (): string => inject('baseURL')
export const distDir = (): string => inject('distDir')

export interface PageSession {
  context: BrowserContext
  page: Page
  /** Console errors, page errors and CSP violations seen so far. */
  errors: string[]
  /** URLs of requests that tried to leave the local server (none reaches the network: no host resolves). */
  blocked: string[]
}

/**
 * The run's one Chromium (started by the global setup), connected for this test file; call at the top
 * level of the file. Each test opens its own context.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined
  beforeAll(async () => {
    browser = await chromium.connect(inject('browserEndpoint'))
  })
  afterAll(async () => {
    await browser?.close()
  })
  return () => {
    if (!browser) throw new Error('Browser not started')
    return browser
  }
}

/** A fresh context: every request off the local server is recorded (it fails: see CHROMIUM_ARGS); errors are collected. */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<PageSession> {
  const context = await browser.newContext({ reducedMotion: 'reduce', locale: 'fr-FR', viewport: { width: 1440, height: 900 }, ...options })
  const origin = baseURL()
  const blocked: string[] = []
  context.on('request', (request) => {
    if (!request.url().startsWith(origin) && !request.url().startsWith('data:')) blocked.push(request.url())
  })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    // A 404 document (the not-found page) logs its own status; that is the expected answer, not an error.
    const isDocument404 = message.text().includes('status of 404') && message.location().url === page.url()
    if (!isDocument404) errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
  return { context, page, errors, blocked }
}

export async function gotoAndWait(page: Page, path: string): Promise<void> {
  await page.goto(baseURL() + path, { waitUntil: 'load' })
  await page.locator('h1').first().waitFor()
}

/** The client app has hydrated the prerendered markup (src/app/app.tsx sets the flag after its first commit). */
export async function waitForApp(page: Page): Promise<void> {
  // Polled on a timer: the default polls every animation frame, which keeps the renderer painting.
  await page.waitForFunction(() => document.documentElement.dataset.appReady === 'true', undefined, { polling: 50 })
}

/**
 * axe-core on the whole page, or on the parts a test changed (`include`: CSS selectors). Every page is
 * scanned whole by the sweep in foundation.test.ts; a test of one widget's states scans that widget, which
 * costs a fraction of a whole page (colour contrast is measured for every text on it).
 */
export async function expectNoAxeViolations(page: Page, { include = [] }: { include?: string[] } = {}): Promise<void> {
  // Only violations are reported, so axe skips collecting the details of every rule that passed.
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).options({ resultTypes: ['violations'] })
  for (const selector of include) builder.include(selector)
  const results = await builder.analyze()
  const summary = results.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)
  expect(summary).toEqual([])
}

/** Cookies of a visitor who has already declined the optional groups: no banner in the way. */
export async function withConsentDecided(context: BrowserContext): Promise<void> {
  await context.addCookies([
    { name: 'ncc_c', value: 'necessarymatomocrispfunctional', url: baseURL() },
    { name: 'ncc_e', value: 'necessary', url: baseURL() },
  ])
}
