import type { Route } from 'playwright-core'
import type { SessionContext } from './browser'

/** Holds the site's scripts back until the test lets them through, as a slow connection would deliver them. */
export class ScriptGate {
  private held: Route[] = []
  private closed = false

  constructor(private readonly holds: (url: URL) => boolean) {}

  async install(context: Pick<SessionContext, 'route'>): Promise<void> {
    await context.route(
      (url) => this.holds(url),
      (route) => {
        if (this.closed) this.held.push(route)
        else void route.continue()
      },
    )
  }

  close(): void {
    this.closed = true
  }

  get waiting(): number {
    return this.held.length
  }

  open(): void {
    this.closed = false
    for (const route of this.held.splice(0)) void route.continue()
  }
}

export const anyScript = (url: URL): boolean => url.pathname.startsWith('/_app/') && url.pathname.endsWith('.js')

/** The entry script and its static imports run; the app it imports after the first paint (src/main.tsx) waits. */
export const appScript = (url: URL): boolean => /^\/_app\/assets\/chunks\/boot-[^/]*\.js$/.test(url.pathname)
