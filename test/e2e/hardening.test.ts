import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page, Route } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { afterTwoFrames, baseURL, distDir, gotoAndWait, openPage, useBrowser, waitForApp, withConsentDecided } from './support/browser'
import { navigateInApp } from './support/client-navigation'
import { builtPages } from './support/site-data'

const browser = useBrowser()
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as Record<string, unknown>).__sameDocument = true))
}

const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as Record<string, unknown>).__sameDocument === true)

describe('Content-Security-Policy', () => {
  it('is written into every HTML file of dist/, redirect pages included', async () => {
    // The content editor has a policy of its own (test/e2e/content-editor.test.ts).
    const files = (await readdir(distDir(), { recursive: true })).filter((file) => file.endsWith('.html') && !file.startsWith('admin/'))
    expect(files).toEqual(expect.arrayContaining(['index.html', '404.html', 'pricing/index.html', 'tarifs/index.html', 'login/index.html']))
    for (const file of files) {
      const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(await readFile(join(distDir(), file), 'utf8'))?.[1]
      expect(policy, file).toContain("script-src 'self'")
      expect(policy, file).not.toMatch(/unsafe-(inline|eval)/)
    }
  })

  it('is served strict, with the other security headers (the route sweep checks no page violates it)', async () => {
    const response = await fetch(`${baseURL()}/pricing`)
    const policy = response.headers.get('content-security-policy') ?? ''
    expect(policy).toContain("script-src 'self'")
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).not.toMatch(/unsafe-(inline|eval)/)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(response.headers.get('permissions-policy')).toContain('camera=()')
  })
})

describe('hostile payloads', () => {
  const VECTORS = [
    '<img src=x onerror="window.__xss=(window.__xss||0)+1">',
    '<script>window.__xss=(window.__xss||0)+1</script>',
    '<svg onload="window.__xss=(window.__xss||0)+1"></svg>',
    '"><iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
    '<a href="javascript:window.__xss=1">lien</a>',
  ]

  // These name code, not copy (the payload's own route, which block to draw); a wrong one is an error view.
  const STRUCTURAL_KEYS = new Set(['path', 'type', 'slot'])

  function poison(value: unknown, key = ''): unknown {
    if (typeof value === 'string') {
      if (STRUCTURAL_KEYS.has(key)) return value
      if (key === 'href' || key === 'src') return 'javascript:window.__xss=(window.__xss||0)+1'
      return `${value} ${VECTORS.join(' ')}`
    }
    if (Array.isArray(value)) return value.map((item) => poison(item))
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, field]) => [name, poison(field, name)]))
    return value
  }

  // Every route loaded with hostile payloads: 24 s at most on one shared core.
  it('execute nothing when every payload string carries an XSS vector', { timeout: 90_000 }, async () => {
    const { page, context } = await openPage(browser())
    await withConsentDecided(context)
    let dialogs = 0
    page.on('dialog', (dialog) => {
      dialogs++
      void dialog.dismiss()
    })
    await page.route('**/_payload.json*', async (route: Route) => {
      const original = await route.fetch()
      await route.fulfill({ response: original, json: poison(await original.json()) })
    })
    // The page is drawn, its hostile copy shown as plain text.
    const expectInertCopy = (path: string) => expect.poll(() => page.locator('main h1').first().innerText(), { message: path }).toContain(VECTORS[0])
    // Full loads hydrate the prerendered page with the poisoned payload…
    for (const path of ['/', '/pricing', '/cgu', '/agency', '/contact', '/ai/request']) {
      await page.goto(baseURL() + path)
      await waitForApp(page)
      await expectInertCopy(path)
    }
    // …and client navigation renders every page from it, straight from one to the next.
    for (const { path } of builtPages()) {
      await navigateInApp(page, path)
      await expectInertCopy(path)
    }
    await page.locator('main').hover()
    expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).__xss)).toBeUndefined()
    expect(dialogs).toBe(0)
    await context.close()
  })

  // Both answers in one page, `/` loaded anew for the second as for the first.
  it('shows the error view when a payload answers 500, or is malformed JSON, and the rest of the site still navigates', async () => {
    const { page, context } = await openPage(browser())
    await withConsentDecided(context)
    for (const answer of [
      { status: 500, body: 'panne' },
      { status: 200, contentType: 'application/json', body: '{"path": "/pricing", "meta": ' },
    ]) {
      await gotoAndWait(page, '/')
      await waitForApp(page)
      await markDocument(page)
      await page.route('**/pricing/_payload.json*', (route) => route.fulfill(answer))
      await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Tarifs' }).click()
      await page.getByRole('heading', { level: 1, name: 'Internal Server Error' }).waitFor()
      expect(await page.locator('main').innerText(), answer.body).toMatch(answer.status === 500 ? 'Le contenu de la page /pricing est indisponible (erreur 500).' : 'Le contenu de la page /pricing est illisible.')
      await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Contact' }).click()
      await page.getByRole('heading', { level: 1, name: 'Parlons de votre prochain jeu' }).waitFor()
      expect(await sameDocument(page)).toBe(true)
      await page.unroute('**/pricing/_payload.json*')
    }
    await context.close()
  })
})

describe('stale deployments', () => {
  it('reloads once when a lazy chunk answers 404 once, and recovers', async () => {
    const { page, context } = await openPage(browser())
    await withConsentDecided(context)
    let failed = false
    await context.route(/\/chunks\/pricing\.lazy-[a-z0-9]+\.js$/, (route) => {
      if (failed) return route.continue()
      failed = true
      return route.fulfill({ status: 404, body: 'Not Found' })
    })
    let loads = 0
    page.on('load', () => loads++)
    await gotoAndWait(page, '/')
    await waitForApp(page)
    await markDocument(page)
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Tarifs' }).click()
    await page.waitForFunction(() => !(window as unknown as Record<string, unknown>).__sameDocument && document.documentElement.dataset.appReady === 'true')
    await page.getByRole('heading', { level: 1, name: /Des tarifs clairs/ }).waitFor()
    expect(page.url()).toBe(`${baseURL()}/pricing`)
    expect(loads).toBe(2)
    await context.close()
  })

  it('does not loop when the chunk keeps failing', async () => {
    const { page, context } = await openPage(browser())
    await withConsentDecided(context)
    await context.route(/\/chunks\/pricing\.lazy-[a-z0-9]+\.js$/, (route) => route.fulfill({ status: 404, body: 'Not Found' }))
    let loads = 0
    page.on('load', () => loads++)
    await gotoAndWait(page, '/')
    await waitForApp(page)
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Tarifs' }).click()
    await page.getByRole('heading', { level: 1, name: 'Internal Server Error' }).waitFor({ timeout: 15_000 })
    expect(await page.locator('main').innerText()).toContain('Failed to fetch dynamically imported module')
    // The guard decided before the error view showed: a reload would already be under way, and would
    // destroy this document before two more frames are painted.
    await afterTwoFrames(page)
    expect(loads).toBe(2)
    expect(page.url()).toBe(`${baseURL()}/pricing`)
    await context.close()
  })

  it('makes the next navigation a full load once latest.json names a newer build', async () => {
    const { page, context } = await openPage(browser(), { fresh: true })
    await withConsentDecided(context)
    await page.clock.install()
    let checks = 0
    await page.route('**/_app/builds/latest.json?*', (route) => {
      checks++
      return route.fulfill({ contentType: 'application/json', body: JSON.stringify({ id: 'a-newer-build', timestamp: Date.now() }) })
    })
    await gotoAndWait(page, '/')
    await waitForApp(page)
    await markDocument(page)
    await page.clock.fastForward('59:00')
    expect(checks).toBe(0)
    await page.clock.fastForward('01:01')
    await expect.poll(() => checks).toBe(1)
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Tarifs' }).click()
    await page.waitForURL(`${baseURL()}/pricing`)
    await page.waitForFunction(() => !(window as unknown as Record<string, unknown>).__sameDocument)
    await page.locator('main h1').waitFor()
    await context.close()
  })
})

describe('tampered storage', () => {
  it('never breaks a page', async () => {
    const { page, errors, context } = await openPage(browser())
    await context.addCookies([
      { name: 'ncc_c', value: '%%%{"oops"', url: 'http://127.0.0.1' },
      { name: 'ncc_e', value: 'necessary|<script>|matomo', url: 'http://127.0.0.1' },
    ])
    await context.addInitScript(() => {
      for (const key of ['ludora:lang', 'ludora:ai-experiences:v1', 'ludora:ai-experiences:backup', 'ludora:reload']) localStorage.setItem(key, '{{{not json')
      sessionStorage.setItem('ludora:reload', '{"path":42}')
    })
    for (const path of ['/', '/pricing', '/ai/request', '/contact', '/cookies']) {
      await gotoAndWait(page, path)
      await waitForApp(page)
      expect(await page.locator('main h1').isVisible(), path).toBe(true)
    }
    await page.getByRole('region', { name: 'Vos cookies, votre choix' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr')
    expect(errors.filter((error) => error.startsWith('pageerror'))).toEqual([])
    await context.close()
  })
})
