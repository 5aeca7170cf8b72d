import type { Route } from 'playwright-core'

/** A page or a browser context: whatever requests can be routed through. */
interface Routable {
  route(url: string | RegExp, handler: (route: Route) => Promise<void>): Promise<unknown>
}

/**
 * Holds every request matching `url` from now on, until the returned function is called: what a slow network
 * does to the app's code while the visitor is already on the page. `unroute(url)` ends it.
 */
export async function holdRequests(target: Routable, url: string | RegExp): Promise<() => void> {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await target.route(url, async (route) => {
    await held
    await route.continue()
  })
  return release
}
