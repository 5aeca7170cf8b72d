// Flags for the Chromium the bench and the screenshots drive. Chromium's headless mode builds its own
// address bar popup (a WebUI app of 500 to 750 modules) in a renderer of its own for every new page; a page
// of the site is measured beside it for nothing (docs/decisions/043-test-browser-without-its-own-ui.md).
// The test suite runs Chromium's headless shell, which has no browser UI at all (decision 045).
export const WITHOUT_BROWSER_UI = '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup,PreloadTopChromeWebUI'
