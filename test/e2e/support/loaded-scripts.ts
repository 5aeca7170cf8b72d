import type { Page } from 'playwright-core'

/** Scripts the page's document has fetched so far, by URL. */
export function fetchedScripts(page: Page): Promise<string[]> {
  return page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => name.endsWith('.js')))
}

/** Scripts the page's document has fetched whose code contains `marker` (a library's string that minifying keeps). */
export async function loadedScriptsCarrying(page: Page, marker: string): Promise<string[]> {
  const scripts = await fetchedScripts(page)
  const bodies = await Promise.all(scripts.map(async (url) => [url, await (await page.request.get(url)).text()] as const))
  return bodies.filter(([, body]) => body.includes(marker)).map(([url]) => url)
}

/** DOMPurify's hook names survive minifying. */
export const DOMPURIFY_MARKER = 'uponSanitizeElement'
/** tippy.js marks the root of each tooltip with this attribute. */
export const TIPPY_MARKER = 'data-tippy-root'
