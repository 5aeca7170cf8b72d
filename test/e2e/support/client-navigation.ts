import type { Page } from 'playwright-core'
import { baseURL } from './browser'

/** Moves the app to `path` the way its own links do, without a new document: a history entry the router follows. */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, path)
  await page.waitForURL(baseURL() + path)
}
