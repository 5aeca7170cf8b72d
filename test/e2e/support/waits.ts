/**
 * How long a browser test waits for the page before it calls the wait failed: vitest's `expect.poll` and every
 * Playwright wait without a timeout of its own (a locator finding its element, a URL, an event). A loaded
 * two-core machine can take seconds to paint; fifteen is a margin, not a hope.
 *
 * Both must be the same. `expect.poll` awaits each call of its callback without a limit of its own. A Playwright
 * read inside it (`locator.getAttribute`) waited for its element for Playwright's default 30 s, so two attempts
 * took 60 s: the test ran out of time first, and its report said nothing of the element awaited.
 */
export const PAGE_WAIT_MS = 15_000
