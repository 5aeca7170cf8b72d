import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { startServer, buildSite } from './esbuild.config.mjs'
const port = 4390
const origin = `http://127.0.0.1:${port}`
if (!process.env.NO_BUILD) await buildSite({ env: { ...process.env, SITE_URL: origin } })
const server = await startServer({ root: new URL('./dist', import.meta.url).pathname, port })
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] })
for (const route of process.argv.slice(2)) {
  const { lhr } = await lighthouse(origin + route, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })
  console.log(route, 'perf', Math.round(lhr.categories.performance.score * 100), 'TBT', Math.round(lhr.audits['total-blocking-time'].numericValue), 'LCP', Math.round(lhr.audits['largest-contentful-paint'].numericValue))
  for (const item of lhr.audits['long-tasks']?.details?.items ?? []) console.log('  long task', Math.round(item.startTime), Math.round(item.duration), item.url)
  for (const item of (lhr.audits['bootup-time']?.details?.items ?? []).slice(0, 5)) console.log('  bootup', item.url, Math.round(item.total), 'script', Math.round(item.scripting))
  for (const item of (lhr.audits['mainthread-work-breakdown']?.details?.items ?? [])) console.log('  mt', item.groupLabel, Math.round(item.duration))
}
await chrome.kill(); await server.close()
