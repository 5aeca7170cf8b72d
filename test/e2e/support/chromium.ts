/**
 * Debian's Chromium headless shell (package `chromium-headless-shell`), never a downloaded browser: the same
 * Blink and V8 as `/usr/bin/chromium` without the browser around them, which cost the suite a fifth of its
 * CPU (docs/decisions/045-test-browser-headless-shell.md). Flags this machine's closed network needs.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell'
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Nothing but the local servers resolves: no test can reach the network, and no request has to be
  // intercepted (and sent to Node and back) to make sure of it.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
  // Every page of a visitor's context shares one renderer process for the site, as Chromium did before site
  // isolation: each of Playwright's browser-initiated navigations otherwise may start a new process, which
  // loads Blink and compiles the site's scripts again (about 170 renderers a run). Contexts never share one.
  '--process-per-site',
]
