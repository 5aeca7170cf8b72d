import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSiteServer, type SiteServer } from '#src/server/main'
import { useBrowser } from './support/browser'

// A site on one origin (a bucket) calling the API deployed at another, as with SITE_API_URL=https://api…
let workDir: string
let site: SiteServer
let otherSite: SiteServer
let api: SiteServer
const browser = useBrowser()

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'ludora-cors-'))
  await writeFile(path.join(workDir, 'index.html'), '<!doctype html><title>Site</title><h1>Site</h1>')
  const serve = (env: Record<string, string>) => startSiteServer({ root: workDir, port: 0, dataDir: path.join(workDir, 'data'), env })
  site = await serve({})
  otherSite = await serve({})
  api = await serve({ SITE_URL: site.url, API_RATE_LIMITS: 'newsletter=1' })
})

afterAll(async () => {
  await Promise.all([site, otherSite, api].map((server) => server?.close()))
  await rm(workDir, { recursive: true, force: true })
})

/** What a page of `origin` gets when it posts a sign-up to the API, as the site's forms do. */
async function signUpFrom(origin: string) {
  const context = await browser().newContext()
  const page = await context.newPage()
  await page.goto(origin + '/')
  const result = await page.evaluate(async (url) => {
    try {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'lecteur@exemple.fr', website: '', elapsedMs: 4000 }) })
      return { status: response.status, retryAfter: response.headers.get('retry-after') }
    } catch (error) {
      return { error: String(error) }
    }
  }, `${api.url}/api/newsletter`)
  await context.close()
  return result
}

describe('a site calling the API at another origin, in Chromium', () => {
  it('passes the preflight and reads the answer, Retry-After included, for the allowed site only', async () => {
    expect(await signUpFrom(site.url)).toEqual({ status: 201, retryAfter: null })
    const limited = await signUpFrom(site.url)
    expect(limited).toMatchObject({ status: 429 })
    expect(Number((limited as { retryAfter: string }).retryAfter)).toBeGreaterThan(0)
    expect(await signUpFrom(otherSite.url)).toEqual({ error: 'TypeError: Failed to fetch' })
  })
})
