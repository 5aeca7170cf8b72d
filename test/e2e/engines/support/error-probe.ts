/** Where the probe keeps what it saw: the tab's session storage, so reloads and client navigations keep it. */
export const ERROR_PROBE_KEY = 'engine-journeys:errors'

/**
 * Runs in the page before any of its scripts. Classic WebDriver (WebKitWebDriver) has no console or error
 * events, so both engines use this one probe: the same definition of "a script error" everywhere, the one
 * the Chromium tests apply (uncaught errors, unhandled rejections, console errors) plus console warnings,
 * CSP violations and resources that failed to load.
 */
export function installErrorProbe(key: string): void {
  // Only V8 starts a stack with the error's name and message; Firefox and WebKit list the frames alone.
  const describe = (value: unknown) => (value instanceof Error ? `${value.name}: ${value.message}\n${value.stack ?? ''}`.trim() : String(value))
  const record = (entry: string) => {
    const entries = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[]
    entries.push(entry)
    sessionStorage.setItem(key, JSON.stringify(entries))
  }
  addEventListener(
    'error',
    (event: Event) => {
      if (event instanceof ErrorEvent) return record(`uncaught ${event.message} (${event.filename}:${event.lineno})`)
      // Captured, not bubbled: a resource that failed to load fires `error` on its element only.
      const element = event.target as Element
      record(`failed to load <${element.localName}> ${element.getAttribute('src') ?? element.getAttribute('href') ?? ''}`)
    },
    true,
  )
  addEventListener('unhandledrejection', (event) => record(`unhandled rejection: ${describe(event.reason)}`))
  addEventListener('securitypolicyviolation', (event) => record(`CSP ${event.violatedDirective} blocked ${event.blockedURI}`))
  for (const level of ['error', 'warn'] as const) {
    const original = console[level].bind(console)
    console[level] = (...args: unknown[]) => {
      record(`console.${level}: ${args.map(describe).join(' ')}`)
      original(...args)
    }
  }
}

/** The probe as a script's source, for a preload script or a file the page loads first. */
export const errorProbeSource = `(${installErrorProbe.toString()})(${JSON.stringify(ERROR_PROBE_KEY)})`

/** Reads and clears what the probe recorded (run in the page). */
export function takeProbedErrors(key: string): string[] {
  const entries = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[]
  sessionStorage.removeItem(key)
  return entries
}
