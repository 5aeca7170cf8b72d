// npm run screenshots: builds and serves the site, then writes a full-page screenshot of every prerendered
// page at 375 px and 1440 px into screenshots/ (git-ignored), with the consent already decided, plus the
// cookie banner and the settings dialog as a first visitor sees them, and each page's social card.
import { copyFile, mkdir, readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { buildSite, ROOT, startServer } from '../esbuild.config.mjs'
import { CARDS_PATH } from './social-cards.mjs'
import { WITHOUT_BROWSER_UI } from './chromium-args.mjs'
import { importTypeScript } from './import-typescript.mjs'

// The tests' own wait, so that a picture shows the page a test would walk.
const { pageIsWhole } = await importTypeScript(`export { pageIsWhole } from './test/e2e/support/page-is-whole.ts'`)
const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
]
const port = Number(process.env.PORT || 4174)
const origin = `http://127.0.0.1:${port}`
const outDir = path.join(ROOT, 'screenshots')
const fileName = (route, width, suffix = '') => `${route === '/' ? 'home' : route.slice(1).replace(/\//g, '-')}${suffix}-${width}.png`

async function ready(page, route) {
  await page.goto(origin + route, { waitUntil: 'load' })
  await page.waitForFunction(() => document.documentElement.dataset.appReady === 'true')
  await page.waitForFunction(pageIsWhole)
  await page.evaluate(() => document.fonts.ready)
}

async function shoot(page, file, options) {
  await page.screenshot({ path: path.join(outDir, file), ...options })
  console.log(`Capture : screenshots/${file}`)
}

const build = await buildSite({ env: { ...process.env, SITE_URL: origin } })
const server = await startServer({ root: build.outDir, port })
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', WITHOUT_BROWSER_UI],
})
try {
  await rm(outDir, { recursive: true, force: true })
  await mkdir(outDir, { recursive: true })
  // The cards as the networks get them, named without their content hash: card-pricing.png.
  for (const file of await readdir(path.join(build.outDir, CARDS_PATH))) {
    const name = `card-${file.replace(/-[0-9a-f]{10}\.png$/, '.png')}`
    await copyFile(path.join(build.outDir, CARDS_PATH, file), path.join(outDir, name))
    console.log(`Carte sociale : screenshots/${name}`)
  }
  for (const viewport of VIEWPORTS) {
    const firstVisit = await browser.newContext({ viewport, deviceScaleFactor: 1, reducedMotion: 'reduce' })
    const visitor = await firstVisit.newPage()
    await ready(visitor, '/')
    await visitor.locator('.consent-banner').waitFor()
    await shoot(visitor, fileName('/', viewport.width, '-cookie-banner'))
    await visitor.locator('.consent-banner').getByRole('button', { name: 'Gérer les cookies' }).click()
    // The dialog is a chunk of its own, fetched on the way to the click.
    await visitor.locator('.consent-modal').waitFor()
    await shoot(visitor, fileName('/', viewport.width, '-cookie-settings'))
    await firstVisit.close()

    const context = await browser.newContext({ viewport, deviceScaleFactor: 1, reducedMotion: 'reduce' })
    await context.addCookies([
      { name: 'ncc_c', value: 'necessarymatomocrispfunctional', url: origin },
      { name: 'ncc_e', value: 'necessary', url: origin },
    ])
    const page = await context.newPage()
    for (const route of build.pages) {
      await ready(page, route)
      await shoot(page, fileName(route, viewport.width), { fullPage: true })
    }
    await context.close()
  }
} finally {
  await browser.close()
  await server.close()
}
