/** Debian's Chromium, never a downloaded browser; flags this machine's closed network needs. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
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
  // Chromium's headless mode builds its own address bar popup (a WebUI app of 500 to 750 modules) for
  // every new page: it halved the CPU a test spends opening a page and loading the site, and no test
  // shows it (docs/decisions/043-test-browser-without-its-own-ui.md).
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup,PreloadTopChromeWebUI',
]
