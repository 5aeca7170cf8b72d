/** An element on the page: CSS for structure, XPath where only its text tells it apart (a button's label). */
export type Target = { css: string } | { xpath: string }

/** Exactly this text, once spaces are normalised (`"` cannot occur in it: the site's labels use typographic quotes). */
export const withText = (element: string, text: string, within = ''): Target => ({ xpath: `${within}//${element}[normalize-space()="${text}"]` })

export interface EngineTimeouts {
  /** Starting the engine and its session. */
  startMs: number
  /** One wait in the page: a load, an element to click, a script's answer. */
  stepMs: number
}

/**
 * One browser engine, one session: what the journeys need from Firefox (WebDriver BiDi) and from WebKit
 * (classic WebDriver), nothing more, so the journeys are written once.
 */
export interface EngineDriver {
  /** Browser and version, as the browser reports them. */
  readonly version: string
  /** Where the server this session's pages talk to writes the contact requests and sign-ups it accepted. */
  readonly dataDir: string
  /** Loads `path` as a new document (a typed address or a reload) and returns once its load event fired. */
  open(path: string): Promise<void>
  /** Runs `fn` in the page; it must not close over anything (it is sent as source). */
  evaluate<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T>
  /** A real click (the engine's own input events) once the element is there and visible. */
  click(target: Target): Promise<void>
  /** Types `text` into the field, after emptying it. */
  fill(target: Target, text: string): Promise<void>
  /** What the error probe recorded since the last call (support/error-probe.ts), then forgets it. */
  takeErrors(): Promise<string[]>
  /** The engine's processes as the system sees them (name, pid, state, CPU time), for a failure's message. */
  processes(): Promise<string>
  /** Ends the session and every process it started. */
  close(): Promise<void>
}

/** Polls `fn` in the page every 100 ms until it returns a truthy value (a timer, not animation frames: see support/browser.ts). */
export async function waitInPage<T, A extends unknown[]>(driver: EngineDriver, what: string, timeoutMs: number, fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let last: T | undefined
  while (Date.now() < deadline) {
    last = await driver.evaluate(fn, ...args)
    if (last) return last
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${driver.version}: still waiting after ${timeoutMs / 1000} s for ${what} (last answer: ${JSON.stringify(last)})`)
}
