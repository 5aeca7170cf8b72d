// What a social network's crawler sees: each page's head read over HTTP, then the card it names. No browser.
import { describe, expect, it } from 'vitest'
import { baseURL } from './support/browser'
import { builtPages } from './support/site-data'

/** The e2e build's SITE_URL (test/setup/e2e-global-setup.ts). */
const SITE_URL = 'http://127.0.0.1'
const IMAGE_TAGS = ['og:image', 'og:image:type', 'og:image:width', 'og:image:height', 'og:image:alt', 'twitter:image'] as const

function decodeEntities(text: string): string {
  return text.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
}

/** Every `<meta property|name="key" content="…">` of a document, as key → contents in order. */
function metaTags(html: string): Map<string, string[]> {
  const tags = new Map<string, string[]>()
  for (const [, key, content] of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)) {
    tags.set(key!, [...(tags.get(key!) ?? []), decodeEntities(content!)])
  }
  return tags
}

describe('social cards', () => {
  it('each page names its own 1200×630 PNG card, under 300 KB, served as an immutable asset', async () => {
    const cards = new Set<string>()
    for (const page of builtPages()) {
      const html = await (await fetch(baseURL() + page.path)).text()
      const tags = metaTags(html)
      for (const key of IMAGE_TAGS) expect(tags.get(key), `${page.path} ${key}`).toHaveLength(1)
      const [url] = tags.get('og:image')!
      expect(tags.get('twitter:image'), page.path).toEqual([url])
      expect(url, page.path).toMatch(new RegExp(`^${SITE_URL}/_app/assets/cards/[a-z-]+-[0-9a-f]{10}\\.png$`))
      expect(tags.get('og:image:type'), page.path).toEqual(['image/png'])
      expect(tags.get('og:image:width'), page.path).toEqual(['1200'])
      expect(tags.get('og:image:height'), page.path).toEqual(['630'])
      const [h1] = /<h1[^>]*>([^<]+)<\/h1>/.exec(html)?.slice(1) ?? []
      expect(tags.get('og:image:alt')![0], page.path).toContain(decodeEntities(h1!))
      cards.add(url!)

      const response = await fetch(baseURL() + url!.slice(SITE_URL.length))
      expect(response.status, url).toBe(200)
      expect(response.headers.get('content-type'), url).toBe('image/png')
      expect(response.headers.get('cache-control'), url).toContain('immutable')
      const bytes = Buffer.from(await response.arrayBuffer())
      expect(bytes.readUInt32BE(0), `${url} PNG signature`).toBe(0x89504e47)
      expect(bytes.toString('latin1', 12, 16), url).toBe('IHDR')
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], url).toEqual([1200, 630])
      expect(bytes.length, url).toBeLessThan(300 * 1024)
    }
    expect(cards.size, 'one card per page').toBe(builtPages().length)
  })

  it('the not-found page, which no one shares, names no card', async () => {
    const html = await (await fetch(`${baseURL()}/nulle-part`)).text()
    expect(html).not.toContain('og:image')
  })
})
