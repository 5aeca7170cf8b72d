// npm run bench: builds the site, measures what each route loads before interaction against the contract's
// budgets, measures every route's main-thread work against a bare page of the same stack in one Chromium,
// runs Lighthouse (mobile, simulated throttling) on every route, measures the offline generator's games over
// the brief corpora and the API under load (Node, and the Worker in workerd), prints the tables and writes
// bench/results.json. Exits non-zero when a budget is missed. `--only /,/pricing` limits the browser measures
// to some routes; BENCH_RUNS sets the runs; `--sizes` prints only the bytes each route loads; `--main-thread`
// runs only the comparison with the reference page (and what `/` loads in the browser), without Lighthouse
// and the rest.
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { BOOT_MODULES, buildSite, ROOT, routeModules, startServer } from '../esbuild.config.mjs'
import { outputClosure } from './merge-chunks.mjs'
import { runApiBench } from './bench-api.mjs'
import { runMainThreadBench } from './bench-main-thread.mjs'
import { buildReferencePage } from './bench-reference.mjs'
import { runWorkerBench } from './bench-worker.mjs'
import { benchGenerator } from './bench-generator.mjs'
import { benchMarkdown } from './bench-markdown.mjs'
import { WITHOUT_BROWSER_UI } from './chromium-args.mjs'

const KB = 1024
const BUDGETS = {
  entryJsGzip: 125 * KB,
  routeChunkGzip: 25 * KB,
  performance: 98,
  tbtMs: 50,
  categories: 100,
  cls: 0,
  buildMs: 5000,
  mainThreadRatio: 1.5,
  blockingRatio: 0.4,
}
const VENDORS = ['formik', 'yup', 'marked', 'linkify-it', 'dompurify', 'tippy.js', '@popperjs/core']
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', WITHOUT_BROWSER_UI]
const onlyFlag = process.argv.indexOf('--only')
const onlyRoutes = onlyFlag > 0 ? process.argv[onlyFlag + 1].split(',') : undefined

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`
/** The contract's gzip: level 9, what a host compressing ahead of time serves. */
const gzipSize = (content) => gzipSync(content, { level: 9 }).length
const vendorOf = (input) => VENDORS.find((name) => input.includes(`node_modules/${name}/`))

/** Sizes of one output file, and the share of it that is vendor code (counted apart, as the contract says). */
async function measure(distDir, metafile, url) {
  const file = path.join(distDir, url)
  const content = await readFile(file)
  const key = path.relative(ROOT, file).split(path.sep).join('/')
  const inputs = metafile.outputs[key]?.inputs ?? {}
  let vendorBytes = 0
  const vendors = new Set()
  for (const [input, { bytesInOutput }] of Object.entries(inputs)) {
    const vendor = vendorOf(input)
    if (vendor) {
      vendorBytes += bytesInOutput
      vendors.add(vendor)
    }
  }
  const gzip = gzipSize(content)
  const appShare = content.length ? 1 - vendorBytes / content.length : 1
  return { url, raw: content.length, gzip, appGzip: Math.round(gzip * Math.max(0, appShare)), vendors: [...vendors] }
}

/**
 * What a route loads before any interaction: the entry and its stylesheet (linked by the HTML), then, right
 * after the first paint, React DOM, the app (src/app/boot.tsx) and the route's lazy chunk with their
 * static imports. Code a page fetches later by itself (parts below the fold as they come into view) is
 * counted by the browser measure, which loads the page until it is idle.
 */
async function routeAssets(distDir, metafile, route, modulePath) {
  const toUrl = (file) => '/' + path.relative(distDir, path.resolve(ROOT, file)).split(path.sep).join('/')
  const files = new Set([...BOOT_MODULES.flatMap((module) => [...outputClosure(metafile, module)]), ...outputClosure(metafile, modulePath)])
  const html = await readFile(path.join(distDir, route, 'index.html'), 'utf8')
  const styles = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) => match[1])
  const js = await Promise.all([...files].filter((file) => file.endsWith('.js')).map((file) => measure(distDir, metafile, toUrl(file))))
  const css = await Promise.all(styles.map((url) => measure(distDir, metafile, url)))
  const chunkFile = Object.entries(metafile.outputs).find(([, output]) => output.entryPoint === modulePath)?.[0]
  const chunk = chunkFile ? js.find((asset) => asset.url === toUrl(chunkFile)) : undefined
  return {
    route,
    jsRaw: js.reduce((sum, asset) => sum + asset.raw, 0),
    jsGzip: js.reduce((sum, asset) => sum + asset.gzip, 0),
    cssRaw: css.reduce((sum, asset) => sum + asset.raw, 0),
    cssGzip: css.reduce((sum, asset) => sum + asset.gzip, 0),
    chunk: chunk ? { url: chunk.url, gzip: chunk.gzip, appGzip: chunk.appGzip } : undefined,
    vendors: [...new Set(js.flatMap((asset) => asset.vendors))].sort(),
  }
}

/** Lighthouse's own advice for variance: several runs, keep the median one (by performance, then TBT). */
const RUNS = Number(process.env.BENCH_RUNS || 3)
const API_ROUNDS = 3

async function runLighthouse(urls) {
  const categories = ['performance', 'accessibility', 'best-practices', 'seo']
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS })
  const results = []
  try {
    for (const url of urls) {
      const runs = []
      for (let run = 0; run < RUNS; run++) {
        runs.push((await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories })).lhr)
      }
      runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0) || b.audits['total-blocking-time'].numericValue - a.audits['total-blocking-time'].numericValue)
      const lhr = runs[Math.floor(runs.length / 2)]
      const score = (id) => (lhr.categories[id] ? Math.round(lhr.categories[id].score * 100) : undefined)
      results.push({
        url,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcpMs: lhr.audits['largest-contentful-paint']?.numericValue,
        tbtMs: lhr.audits['total-blocking-time']?.numericValue,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue,
        failing: Object.values(lhr.audits)
          .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
          .map((audit) => audit.id),
        runs: runs.length,
      })
    }
  } finally {
    await chrome.kill()
  }
  return results
}

function row(cells, widths) {
  return cells.map((cell, index) => String(cell ?? '').padEnd(widths[index])).join('  ')
}

const port = await freePort()
const origin = `http://127.0.0.1:${port}`
const build = await buildSite({ env: { ...process.env, SITE_URL: origin } })
const distDir = build.outDir
const modules = await routeModules()
const routes = await Promise.all(build.pages.map((route) => routeAssets(distDir, build.metafile, route, modules.get(route))))
const home = routes.find((entry) => entry.route === '/')
// Code every route loads: the entry and the app shell. No form, Markdown or tooltip library belongs there.
const shellFiles = BOOT_MODULES.flatMap((module) => [...outputClosure(build.metafile, module)])
const vendorsEverywhere = [...new Set(shellFiles.flatMap((file) => Object.keys(build.metafile.outputs[file].inputs).map(vendorOf).filter(Boolean)))]

// `--sizes`: the bytes each route loads, in two seconds, without Lighthouse (for a quick check while coding).
if (process.argv.includes('--sizes')) {
  for (const entry of routes) console.log(`${entry.route.padEnd(20)} JS ${kb(entry.jsGzip).padStart(9)} gzip   CSS ${kb(entry.cssGzip).padStart(8)} gzip`)
  const over = home.jsGzip > BUDGETS.entryJsGzip
  console.log(`/ initial JS ${home.jsGzip} bytes, ${kb(home.jsGzip)} gzip, budget ${kb(BUDGETS.entryJsGzip)}: ${over ? 'OVER BUDGET' : 'ok'}`)
  process.exit(over ? 1 : 0)
}

const mainThreadOnly = process.argv.includes('--main-thread')
const measuredRoutes = build.pages.filter((route) => !onlyRoutes || onlyRoutes.includes(route))
// The reference page has a server of its own, of the same kind: same headers, same bucket behaviour.
const referenceDir = path.join(ROOT, '.build/bench-reference')
await buildReferencePage(referenceDir)
const referencePort = await freePort()
const [server, referenceServer] = await Promise.all([startServer({ root: distDir, port }), startServer({ root: referenceDir, port: referencePort })])
let mainThread
let lighthouseResults = []
try {
  console.log(`Main thread: ${measuredRoutes.length} route(s) and the reference page, ${RUNS} load(s) each…`)
  mainThread = await runMainThreadBench({ referenceUrl: `http://127.0.0.1:${referencePort}/`, routes: measuredRoutes, origin, runs: RUNS })
  if (!mainThreadOnly) lighthouseResults = await runLighthouse(measuredRoutes.map((route) => origin + route))
} finally {
  await Promise.all([server.close(), referenceServer.close()])
}

const misses = []
/** A measured figure with its verdict beside it; a miss is also listed at the end. */
const judged = (text, ok, miss) => {
  if (!ok) misses.push(miss)
  return `${text} ${ok ? 'ok' : 'MISS'}`
}

/** JavaScript a route's page fetched in the browser until it was idle, gzip level 9, read back from dist/. */
async function loadedJsGzip(scripts) {
  const sizes = await Promise.all(scripts.map(async (url) => gzipSize(await readFile(path.join(distDir, new URL(url).pathname)))))
  return sizes.reduce((sum, size) => sum + size, 0)
}

const ms = (value) => `${Math.round(value)} ms`
const ratio = (value) => `${value.toFixed(2)}×`
const spread = ([low, high]) => `(${low.toFixed(2)}–${high.toFixed(2)})`
const { reference } = mainThread
console.log(`\nMain thread against the stack's floor: one Chromium, phone viewport, thread CPU time × ${mainThread.cpuSlowdown}, median of ${RUNS} load(s) from navigation to idle`)
console.log(`(reference: React, TanStack Router and React Query hydrating one paragraph, ${ms(reference.mainThreadMs)} on the main thread [${ms(reference.mainThreadRange[0])}–${ms(reference.mainThreadRange[1])}], ${ms(reference.blockingMs)} blocking [${ms(reference.blockingRange[0])}–${ms(reference.blockingRange[1])}]; spread of each ratio load by load in brackets)`)
console.log("(without scripts: the same page with every script answered empty, what showing it costs before any code runs;")
console.log(` at best: that plus what the reference's own scripts cost, ${ms(reference.stackMs)}, the least a route running the same stack can cost)\n`)
const mtWidths = [18, 12, 26, 20, 10, 12, 26, 20]
console.log(row(['route', 'main thread', '÷ reference', 'without scripts', 'at best', 'blocking', '÷ reference', 'JS loaded, gzip 9'], mtWidths))
console.log(row(['budget', '', `≤ ${BUDGETS.mainThreadRatio}×`, '', '', '', `≤ ${BUDGETS.blockingRatio}×`, `≤ ${kb(BUDGETS.entryJsGzip)} on /`], mtWidths))
for (const entry of mainThread.routes) {
  entry.jsGzip = await loadedJsGzip(entry.scripts)
  const js = entry.route === '/' ? judged(kb(entry.jsGzip), entry.jsGzip <= BUDGETS.entryJsGzip, `/ loads ${kb(entry.jsGzip)} of JS in the browser > ${kb(BUDGETS.entryJsGzip)}`) : kb(entry.jsGzip)
  const mainOk = entry.mainThreadRatio <= BUDGETS.mainThreadRatio
  const blockingOk = entry.blockingRatio <= BUDGETS.blockingRatio
  console.log(
    row(
      [
        entry.route,
        ms(entry.mainThreadMs),
        judged(`${ratio(entry.mainThreadRatio)} ${spread(entry.mainThreadRatioRange)}`, mainOk, `${entry.route}: main thread ${ratio(entry.mainThreadRatio)} the reference's > ${BUDGETS.mainThreadRatio}×`),
        `${ms(entry.pageAloneMs)} ${ratio(entry.pageAloneRatio)}`,
        ratio(entry.leastRatio),
        ms(entry.blockingMs),
        judged(`${ratio(entry.blockingRatio)} ${spread(entry.blockingRatioRange)}`, blockingOk, `${entry.route}: blocking time ${ratio(entry.blockingRatio)} the reference's > ${BUDGETS.blockingRatio}×`),
        js,
      ],
      mtWidths,
    ),
  )
}

if (mainThreadOnly) {
  console.log(misses.length ? `\n${misses.length} budget(s) missed:\n- ${misses.join('\n- ')}` : '\nEvery budget measured here is met.')
  process.exit(misses.length ? 1 : 0)
}

console.log('\nJavaScript and CSS loaded before interaction (gzip; vendor code counted apart in the lazy chunk)\n')
const widths = [18, 10, 18, 10, 10, 12, 14, 30]
console.log(row(['route', 'JS raw', 'JS gzip', 'CSS raw', 'CSS gzip', 'chunk gzip', 'chunk app', 'vendors loaded'], widths))
console.log(row(['budget', '', `≤ ${kb(BUDGETS.entryJsGzip)} on /`, '', '', '', `≤ ${kb(BUDGETS.routeChunkGzip)}`, 'none on every route'], widths))
for (const entry of routes) {
  const jsGzip = entry === home ? judged(kb(entry.jsGzip), entry.jsGzip <= BUDGETS.entryJsGzip, `/ loads ${kb(entry.jsGzip)} of JS > ${kb(BUDGETS.entryJsGzip)}`) : kb(entry.jsGzip)
  const chunkApp = entry.chunk
    ? judged(kb(entry.chunk.appGzip), entry.chunk.appGzip <= BUDGETS.routeChunkGzip, `${entry.route}: lazy chunk ${kb(entry.chunk.appGzip)} > ${kb(BUDGETS.routeChunkGzip)}`)
    : '-'
  console.log(row([entry.route, kb(entry.jsRaw), jsGzip, kb(entry.cssRaw), kb(entry.cssGzip), entry.chunk ? kb(entry.chunk.gzip) : '-', chunkApp, entry.vendors.join(', ') || '-'], widths))
}
console.log(`\nVendor libraries in the app shell (loaded by every route): ${judged(vendorsEverywhere.join(', ') || 'none', vendorsEverywhere.length === 0, `vendor code in the app shell: ${vendorsEverywhere.join(', ')}`)}`)

console.log(`\nLighthouse 12 (mobile, simulated throttling, median of ${RUNS} runs)\n`)
const lhWidths = [20, 10, 10, 10, 10, 10, 10, 12]
console.log(row(['url', 'perf', 'a11y', 'bp', 'seo', 'LCP', 'TBT', 'CLS'], lhWidths))
console.log(row(['budget', `≥ ${BUDGETS.performance}`, `${BUDGETS.categories}`, `${BUDGETS.categories}`, `${BUDGETS.categories}`, '-', `≤ ${BUDGETS.tbtMs} ms`, `${BUDGETS.cls}`], lhWidths))
for (const result of lighthouseResults) {
  const route = result.url.slice(origin.length) || '/'
  const category = (name, value) => judged(value, value >= BUDGETS.categories, `${route}: ${name} ${value} < ${BUDGETS.categories} (${result.failing.join(', ')})`)
  console.log(
    row(
      [
        route,
        result.performance === undefined ? '-' : judged(result.performance, result.performance >= BUDGETS.performance, `${route}: performance ${result.performance} < ${BUDGETS.performance}`),
        category('accessibility', result.accessibility),
        category('best practices', result.bestPractices),
        category('SEO', result.seo),
        result.lcpMs !== undefined ? `${Math.round(result.lcpMs)} ms` : '-',
        result.tbtMs === undefined ? '-' : judged(`${Math.round(result.tbtMs)} ms`, result.tbtMs <= BUDGETS.tbtMs, `${route}: TBT ${Math.round(result.tbtMs)} ms > ${BUDGETS.tbtMs} ms`),
        result.cls === undefined ? '-' : judged(result.cls.toFixed(3), result.cls <= BUDGETS.cls, `${route}: CLS ${result.cls.toFixed(3)} > ${BUDGETS.cls}`),
      ],
      lhWidths,
    ),
  )
}

console.log(`\nBuild: ${judged(`${Math.round(build.durationMs)} ms`, build.durationMs <= BUDGETS.buildMs, `build took ${Math.round(build.durationMs)} ms > ${BUDGETS.buildMs} ms`)} (budget ≤ ${BUDGETS.buildMs} ms)`)

const generator = await benchGenerator()
console.log(`\nOffline generator over ${generator.results.briefs} briefs (quality checks of src/server/generator/quality.ts)\n`)
for (const line of generator.lines) console.log(line)
misses.push(...generator.misses)

const markdown = await benchMarkdown()
console.log('\nMarkdown renderer on deeply nested lists (best of 5)\n')
for (const line of markdown.lines) console.log(line)
misses.push(...markdown.misses)

console.log(`\nAPI under load: one Node process, ${API_ROUNDS} waves of 500 form posts and 20 generations at once\n`)
const api = await runApiBench({ rounds: API_ROUNDS })
const tenth = (value) => Math.round(value * 10) / 10
console.log(`  ${api.requests} requests, ${tenth(api.requestsPerSecond)} requests/s, p50 ${Math.round(api.p50Ms)} ms, p95 ${Math.round(api.p95Ms)} ms; server CPU ${tenth(api.serverCpuMsPerRequest)} ms per request`)
console.log(`  peak RSS ${tenth(api.peakRssMb)} MB; outbox drained in ${tenth(api.drainSeconds)} s`)
console.log(`  refused ${judged(api.refused, api.refused === 0, `API: ${api.refused} requests refused (${api.refusedStatuses.join(', ')})`)} · lost ${judged(api.lost, api.lost === 0, `API: ${api.lost} accepted requests never delivered`)} · left in the outbox ${judged(api.outboxPending, api.outboxPending === 0, `API: ${api.outboxPending} requests still in the outbox`)}`)

console.log(`\nThe Worker under load in workerd, with its Cloudflare Queue: ${API_ROUNDS} waves of 500 form posts, then a 30 s webhook outage during a wave\n`)
const worker = await runWorkerBench({ rounds: API_ROUNDS, outageSeconds: 30 })
console.log(`  ${worker.requests} requests, ${tenth(worker.requestsPerSecond)} requests/s; all delivered ${tenth(worker.loadDrainSeconds)} s after the last answer`)
console.log(`  outage: ${worker.outageRequests} requests answered while the webhook was down, ${worker.failedAttemptsDuringOutage} failed attempts, all delivered ${tenth(worker.outageDrainSeconds)} s after it came back (retries from ${worker.retry.baseSeconds} s, doubling)`)
console.log(`  refused ${judged(worker.refused, worker.refused === 0, `Worker: ${worker.refused} requests refused (${worker.refusedStatuses.join(', ')})`)} · lost ${judged(worker.lost, worker.lost === 0, `Worker: ${worker.lost} accepted requests never delivered`)} · delivered twice ${judged(worker.duplicates, worker.duplicates === 0, `Worker: ${worker.duplicates} requests delivered twice`)}`)

const results = { date: new Date().toISOString(), budgets: BUDGETS, buildMs: Math.round(build.durationMs), routes, mainThread, lighthouse: lighthouseResults, generator: generator.results, api, worker, misses }
const resultsFile = path.join(ROOT, 'bench/results.json')
if (existsSync(resultsFile)) {
  const previous = JSON.parse(await readFile(resultsFile, 'utf8'))
  const before = previous.routes?.find((entry) => entry.route === '/')
  if (before) console.log(`Since the last run (${previous.date}): JS for / ${kb(home.jsGzip - before.jsGzip)}, build ${Math.round(build.durationMs - previous.buildMs)} ms`)
  for (const result of lighthouseResults) {
    const old = previous.lighthouse?.find((entry) => new URL(entry.url).pathname === new URL(result.url).pathname)
    if (old?.performance !== undefined && result.performance !== undefined) console.log(`  ${new URL(result.url).pathname}: performance ${old.performance} → ${result.performance}`)
  }
  for (const entry of mainThread.routes) {
    const old = previous.mainThread?.routes.find((candidate) => candidate.route === entry.route)
    if (old) console.log(`  ${entry.route}: main thread ${ratio(old.mainThreadRatio)} → ${ratio(entry.mainThreadRatio)} the reference's, blocking ${ratio(old.blockingRatio)} → ${ratio(entry.blockingRatio)}`)
  }
}
await mkdir(path.dirname(resultsFile), { recursive: true })
await writeFile(resultsFile, JSON.stringify(results, null, 2))

if (misses.length) {
  console.log(`\n${misses.length} budget(s) missed:\n- ${misses.join('\n- ')}`)
  process.exitCode = 1
} else {
  console.log('\nEvery budget is met.')
}
