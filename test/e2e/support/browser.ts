import AxeBuilder from '@axe-core/playwright'
import { createRequire } from 'node:module'
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type CDPSession, type Disposable, type Frame, type Page, type ViewportSize } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium'
import { formatPlaywrightStacksNatively } from './playwright-stacks'
import { PAGE_WAIT_MS } from './waits'
import { pageIsWhole } from './page-is-whole'

export const baseURL = (): string => inject('baseURL')
export const distDir = (): string => inject('distDir')

/**
 * What a test may do to the browser context it was given. Context and page are shared by the tests of a
 * file and stay warm: a load in a page already open costs a quarter of the CPU of one in a new page, and
 * a third of one in a new context (renderer process, HTTP and compiled-code caches). `close()` hands them
 * back as a first-time visitor finds them.
 */
export interface SessionContext {
  route: BrowserContext['route']
  addCookies: BrowserContext['addCookies']
  cookies: BrowserContext['cookies']
  grantPermissions: BrowserContext['grantPermissions']
  newCDPSession(page: Page): Promise<CDPSession>
  /** Runs in every page of this session from its next navigation on, like BrowserContext.addInitScript. */
  addInitScript(script: () => void): Promise<void>
  /** Another tab of the same visitor: same storage, its own page. */
  newPage(): Promise<Page>
  close(): Promise<void>
}

export interface PageSession {
  context: SessionContext
  page: Page
  /** Console errors, page errors and CSP violations seen so far. */
  errors: string[]
  /** URLs of requests that tried to leave the local server (none reaches the network: no host resolves). */
  blocked: string[]
  /** Closes this session's other tabs and leaves context and page as a first-time visitor finds them. */
  close(): Promise<void>
}

export interface SessionOptions extends BrowserContextOptions {
  /**
   * A context and page of their own, with cold caches: for the few tests that count what the network is
   * asked for, and for those that install `page.clock` (it is the context's clock, and stays installed).
   */
  fresh?: boolean
}

/** A context with the page its tests share, and what a test added to that page that must not outlive it. */
interface WarmPage {
  context: BrowserContext
  page: Page
  cdp: CDPSession
  initScripts: Disposable[]
  /** Origins other than the site's its page has been to (a dev server's editor): their storage goes with the test. */
  otherOrigins: Set<string>
}

/**
 * Warm pages not in use, by the options only a context can have (touch, mobile emulation). Two sessions
 * open at once (a second device in one test) get two contexts: each visitor has a browser of their own.
 */
const idlePages = new Map<string, WarmPage[]>()

/**
 * This worker's Chromium, launched by its first browser file and shared by the next ones (the e2e project
 * does not isolate files). In the worker's own process, every call reaches Chromium directly: through a
 * browser server in the test runner's process, each call and each event was written to a WebSocket and
 * parsed again on both sides (docs/decisions/052). Playwright stops it when the worker exits.
 */
let workerBrowser: Promise<Browser> | undefined

/** This worker's Chromium, for this test file; call at the top level of the file. Its contexts are closed after it. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined
  beforeAll(async () => {
    formatPlaywrightStacksNatively()
    browser = await (workerBrowser ??= chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS }))
  })
  // A test that runs out of time says what it was still waiting for, so that a hang names its cause.
  afterEach(async ({ task }) => {
    if (browser && task.result?.errors?.some((error) => /timed out in \d+ms/.test(error.message ?? ''))) throw new Error(await describeHang(browser))
  })
  afterAll(async () => {
    idlePages.clear()
    await Promise.all(browser?.contexts().map((context) => context.close()) ?? [])
  })
  return () => {
    if (!browser) throw new Error('Browser not started')
    return browser
  }
}

/** An open session as describeHang sees it: its tabs, and the DevTools calls its test is waiting on. */
interface LiveSession {
  tabs: () => Page[]
  devToolsCalls: Map<number, string>
}
const liveSessions = new Set<LiveSession>()

/** A call the Playwright client has sent and not yet had answered (the fields of its connection's own map). */
interface CallInFlight {
  type?: string
  method?: string
  title?: string
}

const HANG_PROBE_MS = 5000
const withinProbe = async <T>(promise: Promise<T>): Promise<T | string> => {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<string>((resolve) => (timer = setTimeout(() => resolve(`no answer in ${HANG_PROBE_MS} ms`), HANG_PROBE_MS)))
  try {
    return await Promise.race([promise.catch((error: Error) => `failed: ${error.message.split('\n')[0]}`), late])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * What a test that ran out of time was waiting for: the calls still in flight, then whether the browser
 * and each open page still answer. A call without a timeout of its own (an evaluation, a DevTools command,
 * closing a page) is the only kind that can outlast a test.
 */
async function describeHang(browser: Browser): Promise<string> {
  // Playwright publishes no list of the calls in flight: its client connection's map is read if it is there.
  const calls = (browser as unknown as { _connection?: { _callbacks?: Map<number, CallInFlight> } })._connection?._callbacks
  const sessions = [...liveSessions]
  liveSessions.clear()
  const lines = ['Still waiting when the test timed out:']
  if (calls) lines.push(...[...calls.values()].map((call) => `- Playwright ${call.type}.${call.method}${call.title ? ` (${call.title})` : ''}`))
  else lines.push('- (the Playwright calls in flight could not be read)')
  for (const session of sessions) lines.push(...[...session.devToolsCalls.values()].map((method) => `- DevTools ${method}`))
  const version = await withinProbe(
    browser.newBrowserCDPSession().then(async (cdp) => {
      const { product } = await cdp.send('Browser.getVersion')
      await cdp.detach()
      return product
    }),
  )
  lines.push(`Browser: ${version}`)
  for (const tab of sessions.flatMap((session) => session.tabs())) {
    lines.push(`Page ${tab.url()}: ${tab.isClosed() ? 'closed' : `document ${await withinProbe(tab.evaluate(() => document.readyState))}`}`)
  }
  return lines.join('\n')
}

const DEFAULT_VIEWPORT: ViewportSize = { width: 1440, height: 900 }
const contextKey = (options: BrowserContextOptions) => JSON.stringify([options.hasTouch, options.isMobile, options.deviceScaleFactor])
async function newContext(browser: Browser, options: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext({ reducedMotion: 'reduce', locale: 'fr-FR', viewport: DEFAULT_VIEWPORT, ...options })
  context.setDefaultTimeout(PAGE_WAIT_MS)
  return context
}

async function newWarmPage(browser: Browser, options: BrowserContextOptions): Promise<WarmPage> {
  const context = await newContext(browser, options)
  const page = await context.newPage()
  const warm: WarmPage = { context, page, cdp: await context.newCDPSession(page), initScripts: [], otherOrigins: new Set() }
  // A script a test adds to the page itself must go with the test: each is recorded to be removed.
  const addInitScript = page.addInitScript.bind(page)
  page.addInitScript = (async (...args: Parameters<typeof addInitScript>) => {
    const added = await addInitScript(...args)
    warm.initScripts.push(added)
    return added
  }) as Page['addInitScript']
  return warm
}

/** Forgets the last test: its listeners, routes and scripts, its document, storage, cookies and permissions. */
async function resetWarmPage({ context, page, cdp, initScripts, otherOrigins }: WarmPage): Promise<void> {
  page.removeAllListeners()
  await Promise.all([page.unrouteAll({ behavior: 'ignoreErrors' }), context.unrouteAll({ behavior: 'ignoreErrors' }), ...initScripts.splice(0).map((script) => script.dispose())])
  await page.goto('about:blank')
  const others = [...otherOrigins]
  otherOrigins.clear()
  await Promise.all([
    cdp.send('Storage.clearDataForOrigin', { origin: baseURL(), storageTypes: 'local_storage' }),
    ...others.map((origin) => cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'local_storage,indexeddb' })),
    context.clearCookies(),
    context.clearPermissions(),
    page.mouse.move(0, 0),
  ])
}

/** Console errors and page errors of `page` go to `errors`; requests off the local server to `blocked`. */
function watch(page: Page, errors: string[], blocked: string[]): void {
  const origin = baseURL()
  page.on('request', (request) => {
    if (!request.url().startsWith(origin) && !request.url().startsWith('data:')) blocked.push(request.url())
  })
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    // A 404 document (the not-found page) logs its own status; that is the expected answer, not an error.
    const isDocument404 = message.text().includes('status of 404') && message.location().url === page.url()
    if (!isDocument404) errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
}

/**
 * The file's warm page (unless `fresh`), its errors collected and every request off the local server
 * recorded (it fails: see CHROMIUM_ARGS). Viewport and reduced motion are set on the page, so one context
 * serves every width.
 */
export async function openPage(browser: Browser, { fresh = false, viewport = DEFAULT_VIEWPORT, reducedMotion = 'reduce', ...options }: SessionOptions = {}): Promise<PageSession> {
  const key = contextKey(options)
  const warm = fresh ? undefined : (idlePages.get(key)?.pop() ?? (await newWarmPage(browser, options)))
  const context = warm?.context ?? (await newContext(browser, options))
  const page = warm?.page ?? (await context.newPage())
  const blocked: string[] = []
  const errors: string[] = []
  const initScripts: (() => void)[] = []
  const tabs: Page[] = []
  const cdpSessions: CDPSession[] = []
  const live: LiveSession = { tabs: () => [page, ...tabs], devToolsCalls: new Map() }
  liveSessions.add(live)
  let devToolsCallId = 0

  const prepare = async (tab: Page) => {
    watch(tab, errors, blocked)
    await tab.setViewportSize(viewport ?? DEFAULT_VIEWPORT)
    await tab.emulateMedia({ reducedMotion })
    for (const script of initScripts) await tab.addInitScript(script)
    return tab
  }
  await prepare(page)
  if (warm) {
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame() || !/^https?:/.test(frame.url())) return
      const { origin } = new URL(frame.url())
      if (origin !== new URL(baseURL()).origin) warm.otherOrigins.add(origin)
    })
  }

  let closed = false
  const handBack = async () => {
    // Detaching ends what a session set (CPU throttling, touch emulation) with it.
    await Promise.all([...cdpSessions.map((cdp) => cdp.detach()), ...tabs.map((tab) => tab.close())])
    if (!warm) return context.close()
    try {
      await resetWarmPage(warm)
    } catch {
      // A page the test broke (closed, crashed) is not handed on.
      return context.close()
    }
    idlePages.set(key, [...(idlePages.get(key) ?? []), warm])
  }
  const close = async () => {
    if (closed) return
    closed = true
    await handBack()
    liveSessions.delete(live)
  }
  const sessionContext: SessionContext = {
    route: (...args) => context.route(...args),
    addCookies: (cookies) => context.addCookies(cookies),
    cookies: (...args) => context.cookies(...args),
    grantPermissions: (...args) => context.grantPermissions(...args),
    async newCDPSession(target) {
      const cdp = await context.newCDPSession(target)
      cdpSessions.push(cdp)
      const send = cdp.send.bind(cdp)
      cdp.send = (async (method: string, params?: object) => {
        const id = devToolsCallId++
        live.devToolsCalls.set(id, method)
        try {
          return await (send as (method: string, params?: object) => Promise<unknown>)(method, params)
        } finally {
          live.devToolsCalls.delete(id)
        }
      }) as CDPSession['send']
      return cdp
    },
    async addInitScript(script) {
      initScripts.push(script)
      await Promise.all([page, ...tabs].map((each) => each.addInitScript(script)))
    },
    async newPage() {
      const tab = await context.newPage()
      tabs.push(tab)
      return prepare(tab)
    },
    close,
  }
  return { context: sessionContext, page, errors, blocked, close }
}

export async function gotoAndWait(page: Page, path: string): Promise<void> {
  await page.goto(baseURL() + path, { waitUntil: 'load' })
  await page.locator('h1').first().waitFor()
}

/** Resolves once the page has painted two more frames: whatever a frame was going to show has been shown. */
export async function afterTwoFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
}

/** The client app has hydrated the prerendered markup (src/app/app.tsx sets the flag after its first commit), and the page is whole. */
export async function waitForApp(page: Page): Promise<void> {
  // Polled on a timer: the default polls every animation frame, which keeps the renderer painting.
  await page.waitForFunction(() => document.documentElement.dataset.appReady === 'true', undefined, { polling: 50 })
  await waitForWholePage(page)
}

/** Resolves once the page is whole (see `pageIsWhole`): a test that walks or reads the whole page must not start before. */
export async function waitForWholePage(page: Page): Promise<void> {
  await page.waitForFunction(pageIsWhole, undefined, { polling: 50 })
}

/** The axe-core the builder itself would send (its own dependency, whatever the hoisting). */
const AXE_SOURCE = (createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core') as { source: string }).source
const AXE_IN_PAGE = `typeof window.axe === 'object'`

/** As the builder does for every frame: one that cannot take axe within a second (gone, still loading) is scanned without it. */
async function injectAxeInto(frame: Frame): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, 1000)))
  const inject = frame.evaluate(AXE_IN_PAGE).then((present) => (present ? undefined : frame.evaluate(AXE_SOURCE)))
  await Promise.race([inject.catch(() => undefined), late])
  clearTimeout(timer)
}

/**
 * axe-core on the whole page, or on the parts a test changed (`include`, `exclude`: CSS selectors). Every
 * page is scanned by the route sweep; a test of one widget's states scans that widget, which costs a
 * fraction of a whole page (colour contrast is measured for every text on it).
 */
export async function expectNoAxeViolations(page: Page, { include = [], exclude = [] }: { include?: string[]; exclude?: string[] } = {}): Promise<void> {
  // Only violations are reported, so axe skips collecting the details of every rule that passed. Legacy
  // mode runs axe in the page itself: the default opens a new tab for every scan to gather the results of
  // cross-origin frames (about 0.6 s of CPU each here), and no page of the site holds one (the tests block
  // every host but the local server, and the few stand-in players are not the site's own content).
  // axe-core is about 0.5 MB of source, which the builder sends twice per scan (about 0.09 s of CPU each time
  // through the protocol): it goes once per document here, and the builder is given a script that finds it there.
  if (!(await page.evaluate(AXE_IN_PAGE))) await page.evaluate(AXE_SOURCE)
  await Promise.all(page.frames().filter((frame) => frame !== page.mainFrame()).map(injectAxeInto))
  const builder = new AxeBuilder({ page, axeSource: AXE_IN_PAGE })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode()
  for (const selector of include) builder.include(selector)
  for (const selector of exclude) builder.exclude(selector)
  const results = await builder.analyze()
  const summary = results.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)
  expect(summary).toEqual([])
}

/** Cookies of a visitor who has already declined the optional groups: no banner in the way. */
export async function withConsentDecided(context: Pick<SessionContext, 'addCookies'>): Promise<void> {
  await context.addCookies([
    { name: 'ncc_c', value: 'necessarymatomocrispfunctional', url: baseURL() },
    { name: 'ncc_e', value: 'necessary', url: baseURL() },
  ])
}
