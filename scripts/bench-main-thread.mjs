// Main-thread time and blocking time of each route against the stack's floor (scripts/bench-reference.mjs),
// measured in one Chromium with a phone's viewport, each page loaded cold (a browser context of its own)
// and traced from navigation until the page is idle. Each main-thread task counts for its thread CPU time
// times the 4× slowdown of a mid-range phone: Chromium's own throttling pauses the thread by the clock,
// so on a busy machine it multiplies the machine's noise; CPU time does not see that noise. The reference
// is loaded again every few routes, so a busy spell weighs on both sides of the ratio
// (docs/decisions/037-main-thread-against-the-floor.md).
import puppeteer from 'puppeteer-core'
import { MainThreadTasks } from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js'
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js'
import { WITHOUT_BROWSER_UI } from './chromium-args.mjs'

export const CPU_SLOWDOWN = 4
/** Lighthouse's mobile screen (a mid-range Android phone). */
const PHONE = { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true }
/** A task longer than this blocks input (the definition of total blocking time). */
const LONG_TASK_MS = 50
/** The page counts as idle after this long with nothing but idle periods on its main thread. */
const QUIET_MS = 1000
const LOAD_TIMEOUT_MS = 120_000
/** The reference is measured again after this many routes. */
const REFERENCE_EVERY = 4
/** Lighthouse's own trace categories, less the screenshots. */
const TRACE_CATEGORIES = [
  '-*',
  'disabled-by-default-lighthouse',
  'loading',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
]

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/**
 * Runs in the page: waits for the app's readiness signal (unless `withoutApp`: a page loaded without its
 * scripts never gives it), then for a stretch of `quietMs` in which the browser found only full idle
 * periods (nothing scheduled: no task, no frame, no timer due). Resolves with the time that stretch began,
 * since navigation: the page was idle from then on.
 */
function waitForIdle(quietMs, withoutApp) {
  return new Promise((resolve) => {
    const whenReady = () => {
      let quietSince = performance.now()
      const tick = (deadline) => {
        if (deadline.timeRemaining() < 40) quietSince = performance.now()
        if (performance.now() - quietSince >= quietMs) resolve(quietSince)
        else requestIdleCallback(tick)
      }
      requestIdleCallback(tick)
    }
    if (withoutApp || document.documentElement.dataset.appReady === 'true') return whenReady()
    const observer = new MutationObserver(() => {
      if (document.documentElement.dataset.appReady !== 'true') return
      observer.disconnect()
      whenReady()
    })
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-app-ready'] })
  })
}

/** What a top-level task costs a phone: its thread CPU time, slowed down (its wall time if the trace has no CPU time). */
const phoneMs = (task) => (task.event.tdur === undefined ? task.duration : task.event.tdur / 1000) * CPU_SLOWDOWN

/**
 * Main-thread figures of one traced load: every top-level task from navigation start until the page was
 * idle (`idleAtMs`); what follows is the bench's own waiting.
 */
export function analyseTrace(trace, idleAtMs = Infinity) {
  const processed = TraceProcessor.processTrace(trace)
  const { timings } = TraceProcessor.processNavigation(processed)
  const tasks = MainThreadTasks.getMainThreadTasks(processed.mainThreadEvents, processed.frames, processed.timestamps.traceEnd, processed.timestamps.timeOrigin)
  const topLevel = tasks.filter((task) => !task.parent && task.startTime >= 0 && task.startTime < idleAtMs)
  const costs = topLevel.map(phoneMs)
  return {
    mainThreadMs: costs.reduce((sum, cost) => sum + cost, 0),
    blockingMs: costs.reduce((sum, cost) => sum + Math.max(0, cost - LONG_TASK_MS), 0),
    longestTaskMs: Math.max(0, ...costs),
    fcpMs: timings.firstContentfulPaint,
  }
}

/**
 * One cold load, traced. `withoutScripts` answers every script with an empty one: what remains is what
 * showing the prerendered page costs (parsing, styles, layout, fonts, images, paint) before any of the
 * app's code runs.
 */
async function tracedLoad(browser, url, { withoutScripts = false } = {}) {
  const context = await browser.createBrowserContext()
  try {
    const page = await context.newPage()
    if (withoutScripts) {
      await page.setRequestInterception(true)
      page.on('request', (request) =>
        request.resourceType() === 'script' ? request.respond({ status: 200, contentType: 'text/javascript', body: '' }) : request.continue(),
      )
    }
    const errors = []
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    const scripts = new Set()
    page.on('requestfinished', (request) => {
      if (new URL(request.url()).pathname.endsWith('.js')) scripts.add(request.url())
    })
    await page.setViewport(PHONE)
    await page.tracing.start({ categories: TRACE_CATEGORIES })
    await page.goto(url, { waitUntil: 'networkidle0', timeout: LOAD_TIMEOUT_MS })
    const idleAtMs = await page.evaluate(waitForIdle, QUIET_MS, withoutScripts)
    const trace = JSON.parse(new TextDecoder().decode(await page.tracing.stop()))
    const mismatch = await page.evaluate(() => document.documentElement.dataset.referenceMismatch)
    if (mismatch) errors.push(`hydration mismatch: ${mismatch}`)
    if (errors.length) throw new Error(`${url}: ${errors.join('; ')}`)
    return { ...analyseTrace(trace, idleAtMs), scripts: [...scripts] }
  } finally {
    await context.close()
  }
}

/**
 * Now and then Chromium hands back a trace without its navigation start (seen on a busy machine), which
 * says nothing about the page: that load is measured again, once.
 */
async function tracedLoadRetried(browser, url, options) {
  try {
    return await tracedLoad(browser, url, options)
  } catch (error) {
    if (!String(error?.message).includes('No navigationStart')) throw error
    return tracedLoad(browser, url, options)
  }
}

/**
 * Loads the reference and each route `runs` times in one Chromium and returns, per route, the medians and
 * their ratios to the reference's medians over the same run; each load is also compared with the
 * reference load just before it, which gives the ratios' spread from run to run. Each page, the reference
 * too, is also loaded without its scripts (`pageAloneMs`, `pageAloneRatio`): the part of its main-thread
 * time that is the page itself, not its code. The reference's scripts cost `stackMs`; a route that shows its
 * page and runs that same stack cannot cost less than `leastRatio` of the reference.
 */
export async function runMainThreadBench({ referenceUrl, routes, origin, runs = 3, executablePath = '/usr/bin/chromium', log = () => {} }) {
  const browser = await puppeteer.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', WITHOUT_BROWSER_UI] })
  const reference = []
  const loads = new Map(routes.map((route) => [route, []]))
  try {
    for (let run = 0; run < runs; run++) {
      for (const [index, route] of routes.entries()) {
        if (index % REFERENCE_EVERY === 0) {
          const figures = await tracedLoadRetried(browser, referenceUrl)
          const pageAlone = await tracedLoadRetried(browser, referenceUrl, { withoutScripts: true })
          reference.push({ ...figures, pageAloneMs: pageAlone.mainThreadMs })
        }
        const figures = await tracedLoadRetried(browser, origin + route)
        const pageAlone = await tracedLoadRetried(browser, origin + route, { withoutScripts: true })
        const floor = reference.at(-1)
        loads.get(route).push({
          ...figures,
          pageAloneMs: pageAlone.mainThreadMs,
          mainThreadRatio: figures.mainThreadMs / floor.mainThreadMs,
          blockingRatio: figures.blockingMs / floor.blockingMs,
        })
        log(`${route} run ${run + 1}: ${Math.round(figures.mainThreadMs)} ms main thread (${Math.round(pageAlone.mainThreadMs)} ms without its scripts), ${Math.round(figures.blockingMs)} ms blocking`)
      }
    }
  } finally {
    await browser.close()
  }
  const range = (values) => [Math.min(...values), Math.max(...values)]
  const summary = (samples) => ({
    mainThreadMs: median(samples.map((sample) => sample.mainThreadMs)),
    blockingMs: median(samples.map((sample) => sample.blockingMs)),
    longestTaskMs: median(samples.map((sample) => sample.longestTaskMs)),
    fcpMs: median(samples.map((sample) => sample.fcpMs)),
    scripts: [...new Set(samples.flatMap((sample) => sample.scripts))],
  })
  const floor = summary(reference)
  // What the stack's own code costs (React, the router and React Query booting and hydrating): a route runs
  // the same code, and at least that much of it, on top of showing its page.
  const stackMs = floor.mainThreadMs - median(reference.map((load) => load.pageAloneMs))
  return {
    cpuSlowdown: CPU_SLOWDOWN,
    reference: { ...floor, stackMs, mainThreadRange: range(reference.map((load) => load.mainThreadMs)), blockingRange: range(reference.map((load) => load.blockingMs)), loads: reference },
    routes: routes.map((route) => {
      const samples = loads.get(route)
      const own = summary(samples)
      const pageAloneMs = median(samples.map((sample) => sample.pageAloneMs))
      return {
        route,
        ...own,
        pageAloneMs,
        mainThreadRatio: own.mainThreadMs / floor.mainThreadMs,
        pageAloneRatio: pageAloneMs / floor.mainThreadMs,
        leastRatio: (pageAloneMs + stackMs) / floor.mainThreadMs,
        blockingRatio: own.blockingMs / floor.blockingMs,
        mainThreadRatioRange: range(samples.map((load) => load.mainThreadRatio)),
        blockingRatioRange: range(samples.map((load) => load.blockingRatio)),
        loads: samples,
      }
    }),
  }
}
