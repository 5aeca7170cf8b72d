// npm run screenshots: builds and serves the site, then writes full-page screenshots of /, /agency and
// /pricing at 1280 px and 375 px into screenshots/ (git-ignored), with the consent already decided.
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { buildSite, ROOT, startServer } from '../esbuild.config.mjs'

const ROUTES = ['/', '/agency', '/pricing']
const WIDTHS = [1280, 375]
const port = Number(process.env.PORT || 4174)
const origin = `http://127.0.0.1:${port}`
const outDir = path.join(ROOT, 'screenshots')

const build = await buildSite({ env: { ...process.env, SITE_URL: origin } })
const server = await startServer({ root: build.outDir, port })
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
})
try {
  await mkdir(outDir, { recursive: true })
  for (const width of WIDTHS) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1, reducedMotion: 'reduce' })
    await context.addCookies([
      { name: 'ncc_c', value: 'necessarymatomocrispfunctional', url: origin },
      { name: 'ncc_e', value: 'necessary', url: origin },
    ])
    const page = await context.newPage()
    for (const route of ROUTES) {
      await page.goto(origin + route, { waitUntil: 'load' })
      await page.waitForFunction(() => document.documentElement.dataset.appReady === 'true')
      const file = path.join(outDir, `${route === '/' ? 'home' : route.slice(1)}-${width}.png`)
      await page.screenshot({ path: file, fullPage: true })
      console.log(`Capture : ${path.relative(ROOT, file)}`)
    }
    await context.close()
  }
} finally {
  await browser.close()
  await server.close()
}
