import { describe, expect, it } from 'vitest'
import { baseURL, gotoAndWait, openPage, useBrowser, waitForApp } from './support/browser'
import { builtPages } from './support/site-data'

const browser = useBrowser()

function decodeEntities(text: string): string {
  return text.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>')
}

describe('prerendered pages on a static bucket', () => {
  it('lists every route of the contract', () => {
    expect(builtPages().map((page) => page.path).sort()).toEqual(
      [
        '/', '/acquisition', '/advice', '/agency', '/ai/request', '/application', '/atelier', '/branding', '/cas-clients', '/cgu',
        '/confidentialite', '/contact', '/cookies', '/les-enjeux', '/mentions-legales', '/performance', '/pricing', '/web-to-shop', '/who-are-we',
      ].sort(),
    )
  })

  it('answers 200 with each page’s own title, description, canonical and heading before any script runs', async () => {
    const titles = new Set<string>()
    for (const page of builtPages()) {
      const response = await fetch(baseURL() + page.path)
      expect(response.status, page.path).toBe(200)
      const html = decodeEntities(await response.text())
      expect(html, page.path).toContain(`<title>${page.title}</title>`)
      expect(html, page.path).toContain(`<meta name="description" content="${page.description}">`)
      expect(html, page.path).toContain(`<link rel="canonical" href="http://127.0.0.1${page.path}">`)
      expect(html, page.path).toMatch(/<h1[^>]*>[^<]{10,}<\/h1>/)
      expect(html, page.path).not.toMatch(/<script(?![^>]*(type="module" src=|type="application\/ld\+json"))/)
      titles.add(page.title)
    }
    expect(titles.size).toBe(builtPages().length)
  })

  // Chromium then compiles the functions of what every page boots with while it streams the files in, not
  // on the main thread when hydration first calls them; a file only some pages load stays lazily compiled,
  // most of its functions never running (docs/decisions/044-compile-hints.md).
  it('asks V8 to compile ahead the scripts every page boots with, and only those', async () => {
    const scriptsOf = async (route: string) => {
      const html = await (await fetch(baseURL() + route)).text()
      const entry = html.match(/<script type="module" src="([^"]+)"/)?.[1]
      const modules = html.match(/<meta name="ludora:modules" content="([^"]+)"/)?.[1]?.split(' ') ?? []
      return [...(entry ? [entry] : []), ...modules]
    }
    const lists = await Promise.all(builtPages().map((page) => scriptsOf(page.path)))
    const everywhere = lists.reduce((shared, list) => shared.filter((script) => list.includes(script)))
    const contactOnly = (await scriptsOf('/contact')).filter((script) => !everywhere.includes(script))
    // The entry, React DOM, the app's libraries and the app: esbuild alone made some twenty files of them
    // (docs/decisions/067-the-boot-in-a-few-files.md).
    expect(everywhere).toHaveLength(4)
    expect(contactOnly.length).toBeGreaterThan(0)
    const hinted = async (script: string) => (await (await fetch(baseURL() + script)).text()).startsWith('//# allFunctionsCalledOnLoad\n')
    for (const script of everywhere) expect(await hinted(script), script).toBe(true)
    for (const script of contactOnly) expect(await hinted(script), script).toBe(false)
  })

  it('answers 404 with the not-found page for unknown paths', async () => {
    const response = await fetch(`${baseURL()}/nulle-part/ici`)
    expect(response.status).toBe(404)
    expect(await response.text()).toContain('Page Not Found')
  })

  it('writes sitemap.xml, robots.txt and the build manifest', async () => {
    const sitemap = await (await fetch(`${baseURL()}/sitemap.xml`)).text()
    for (const page of builtPages()) expect(sitemap).toContain(`<loc>http://127.0.0.1${page.path}</loc>`)
    expect(await (await fetch(`${baseURL()}/robots.txt`)).text()).toContain('Sitemap: http://127.0.0.1/sitemap.xml')
    const latest = (await (await fetch(`${baseURL()}/_app/builds/latest.json?${Date.now()}`)).json()) as { id: string; timestamp: number }
    expect(latest.id).toMatch(/^[0-9a-f-]{36}$/)
    const meta = (await (await fetch(`${baseURL()}/_app/builds/meta/${latest.id}.json`)).json()) as Record<string, unknown>
    expect(meta).toMatchObject({ id: latest.id, timestamp: latest.timestamp, matcher: { static: { '/tarifs': { redirect: '/pricing' } } } })
  })
})

describe('the client app', () => {
  it('shows the unknown path in the not-found view', async () => {
    const { page, errors, context } = await openPage(browser())
    const response = await page.goto(`${baseURL()}/pas-une-page?x=1`)
    expect(response?.status()).toBe(404)
    await waitForApp(page)
    await expect.poll(() => page.locator('main').innerText()).toContain('Page not found: /pas-une-page?x=1')
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Page Not Found')
    expect(errors).toEqual([])
    await context.close()
  })

  it('navigates between pages without reloading the document and moves focus to the heading', async () => {
    const { page, errors, context } = await openPage(browser())
    await gotoAndWait(page, '/')
    await waitForApp(page)
    await page.evaluate(() => ((window as unknown as Record<string, unknown>).__sameDocument = true))
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Tarifs' }).click()
    await page.waitForURL(`${baseURL()}/pricing`)
    await expect.poll(() => page.title()).toContain('Tarifs')
    // A page shared after a client navigation (browser share menus read the live head) names its own card.
    const imageTag = (key: string) => page.evaluate((selector) => document.head.querySelector(selector)?.getAttribute('content'), `meta[property="${key}"], meta[name="${key}"]`)
    expect(await imageTag('og:image')).toMatch(/\/_app\/assets\/cards\/pricing-[0-9a-f]{10}\.png$/)
    expect(await imageTag('twitter:image')).toBe(await imageTag('og:image'))
    expect(await imageTag('og:image:alt')).toContain('Des tarifs clairs')
    expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).__sameDocument)).toBe(true)
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1')
    await expect.poll(() => page.locator('#route-announcer').innerText()).toContain('Tarifs')
    await page.goBack()
    await page.waitForURL(`${baseURL()}/`)
    expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).__sameDocument)).toBe(true)
    expect(errors).toEqual([])
    await context.close()
  })

  // The app's files would otherwise share a slow phone's bandwidth with the page's first paint; a frame can
  // be rendered well before it is on screen (docs/decisions/009-boot-after-first-paint.md).
  it('starts fetching the app once the first contentful paint is on screen, not before', async () => {
    const { page, errors, context } = await openPage(browser())
    for (const route of ['/', '/cgu', '/les-enjeux', '/application']) {
      await gotoAndWait(page, route)
      await waitForApp(page)
      const timing = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
        app: performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.includes('/_app/assets/chunks/'))
          .map((entry) => entry.startTime),
      }))
      expect(timing.app.length, route).toBeGreaterThan(0)
      expect(Math.min(...timing.app), route).toBeGreaterThan(timing.paint)
    }
    expect(errors).toEqual([])
    await context.close()
  })

  it('sends a direct load of /tarifs to /pricing', async () => {
    const { page, errors, context } = await openPage(browser())
    const response = await page.goto(`${baseURL()}/tarifs`)
    expect(response?.status()).toBe(200)
    await page.waitForURL(`${baseURL()}/pricing`)
    await page.locator('h1').waitFor()
    expect(errors).toEqual([])
    await context.close()
  })

  it('applies the alias rule on client navigation', async () => {
    const { page, errors, context } = await openPage(browser())
    await gotoAndWait(page, '/contact')
    await waitForApp(page)
    await page.evaluate(() => ((window as unknown as Record<string, unknown>).__sameDocument = true))
    await page.evaluate(() => {
      const link = document.createElement('a')
      link.href = '/qui-sommes-nous'
      link.textContent = 'alias'
      document.querySelector('main')?.append(link)
    })
    await page.evaluate(() => window.history.pushState({}, '', '/qui-sommes-nous'))
    await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')))
    await page.waitForURL(`${baseURL()}/who-are-we`)
    expect(errors).toEqual([])
    await context.close()
  })
})
