// node scripts/measure-devtools-tax.mjs [--runs N] [route…]: what DevTools on the page adds to a load
// (docs/decisions/065-the-floor-is-measured-with-devtools-attached.md). Each page is traced twice from
// the browser's own DevTools session: once with no session on the page (created by `Target.createTarget`,
// ignored by Puppeteer), once with Puppeteer's usual session on it, as the bench and Lighthouse have.
// Without a session nothing can run in the page, so each load is given a fixed time to settle. It loads dist/ as
// built: run `npm run build` first.
import path from 'node:path'
import puppeteer from 'puppeteer-core'
import { ROOT, startServer } from '../esbuild.config.mjs'
import { median } from './bench-main-thread.mjs'
import { buildReferencePage } from './bench-reference.mjs'
import { WITHOUT_BROWSER_UI } from './chromium-args.mjs'

const args = process.argv.slice(2)
const runsAt = args.indexOf('--runs')
const RUNS = runsAt >= 0 ? Number(args[runsAt + 1]) : 3
const routes = args.filter((arg, index) => arg.startsWith('/') && (runsAt < 0 || index !== runsAt + 1))
const SETTLE_MS = 4_000
const CATEGORIES = ['v8', 'v8.execute', 'disabled-by-default-v8.compile', 'toplevel', '__metadata']

/** One cold load of `url`, traced; thread CPU of the page's main thread and what V8 spent on source positions. */
async function load(url, withPageSession) {
  const browser = await puppeteer.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', WITHOUT_BROWSER_UI],
    targetFilter: (target) => withPageSession || target.type() !== 'page',
    waitForInitialPage: false,
  })
  try {
    const session = await browser.target().createCDPSession()
    const events = []
    session.on('Tracing.dataCollected', ({ value }) => events.push(...value))
    const complete = new Promise((resolve) => session.once('Tracing.tracingComplete', resolve))
    await session.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES, excludedCategories: ['*'] }, transferMode: 'ReportEvents' })
    if (withPageSession) {
      const page = await browser.newPage()
      await page.goto(url, { waitUntil: 'networkidle0' })
    } else {
      await session.send('Target.createTarget', { url })
    }
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
    await session.send('Tracing.end')
    await complete
    // The page's main thread is the one that evaluated its modules.
    const evaluation = events.find((event) => event.name === 'v8.evaluateModule' && event.ph === 'X')
    const onMain = (event) => evaluation && event.pid === evaluation.pid && event.tid === evaluation.tid && event.ph === 'X'
    const cpuMs = (name) => events.filter((event) => onMain(event) && event.name === name).reduce((sum, event) => sum + (event.tdur ?? event.dur ?? 0), 0) / 1000
    return { mainThreadMs: cpuMs('ThreadControllerImpl::RunTask'), sourcePositionsMs: cpuMs('V8.CollectSourcePositions') }
  } finally {
    await browser.close()
  }
}

const ms = (value) => `${Math.round(value)} ms`

const referenceDir = path.join(ROOT, '.build/bench-reference')
await buildReferencePage(referenceDir)
const [site, reference] = await Promise.all([startServer({ root: path.join(ROOT, 'dist'), port: 0 }), startServer({ root: referenceDir, port: 0 })])
try {
  console.log(`DevTools on the page: thread CPU of the main thread (×1), median of ${RUNS} cold loads each, ${SETTLE_MS / 1000} s per load\n`)
  console.log(`${'page'.padEnd(16)}${'no session'.padEnd(14)}${'with a session'.padEnd(18)}source positions, no session / with`)
  const pages = [['reference', `${reference.url}/`], ...(routes.length ? routes : ['/']).map((route) => [route, site.url + route])]
  for (const [name, url] of pages) {
    const without = []
    const withSession = []
    for (let run = 0; run < RUNS; run++) {
      without.push(await load(url, false))
      withSession.push(await load(url, true))
    }
    const figure = (loads, key) => median(loads.map((entry) => entry[key]))
    console.log(`${name.padEnd(16)}${ms(figure(without, 'mainThreadMs')).padEnd(14)}${ms(figure(withSession, 'mainThreadMs')).padEnd(18)}${figure(without, 'sourcePositionsMs').toFixed(1)} / ${figure(withSession, 'sourcePositionsMs').toFixed(1)} ms`)
  }
} finally {
  await Promise.all([site.close(), reference.close()])
}
