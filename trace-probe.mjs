import { chromium } from 'playwright-core'
import { startServer } from './esbuild.config.mjs'
const port = 4391
const server = await startServer({ root: new URL('./dist', import.meta.url).pathname, port })
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] })
for (const route of process.argv.slice(2)) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink', 'v8'] })
  await page.goto(`http://127.0.0.1:${port}${route}`, { waitUntil: 'load' })
  await page.waitForFunction(() => document.documentElement.dataset.appReady === 'true', undefined, { polling: 100 })
  await page.waitForTimeout(4000)
  const buffer = await browser.stopTracing()
  const { traceEvents } = JSON.parse(buffer.toString())
  const main = traceEvents.filter((e) => e.name === 'RunTask' && e.dur > 30000 && e.ph === 'X')
  const mainTid = (() => { const counts = {}; for (const e of traceEvents) if (e.name === 'RunTask') counts[`${e.pid}:${e.tid}`] = (counts[`${e.pid}:${e.tid}`] ?? 0) + (e.dur ?? 0); return Object.entries(counts).sort((a, b) => b[1] - a[1])[0][0] })()
  const t0 = traceEvents.find((e) => e.name === 'navigationStart')?.ts ?? traceEvents[0].ts
  console.log(route)
  for (const task of main.filter((e) => `${e.pid}:${e.tid}` === mainTid)) {
    const inner = traceEvents.filter((e) => e.pid === task.pid && e.tid === task.tid && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur && e.ph === 'X' && e !== task && (e.dur ?? 0) > 3000)
    const names = {}
    for (const e of inner) { const key = e.name + (e.args?.data?.url ? ' ' + e.args.data.url.split('/').pop() : e.args?.data?.functionName ? ' ' + e.args.data.functionName : ''); names[key] = Math.max(names[key] ?? 0, e.dur) }
    console.log(`  task @${Math.round((task.ts - t0) / 1000)}ms ${Math.round(task.dur / 1000)}ms :: ` + Object.entries(names).sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k} ${Math.round(v / 1000)}`).join(' | '))
  }
  await context.close()
}
await browser.close(); await server.close()
