/**
 * Runs in the page, sent as source by every harness that waits for it (Playwright, WebDriver BiDi, WebDriver
 * classic, `npm run screenshots`): it must not reach anything outside its own body.
 *
 * A long page holds the blocks below its first screen out of the layout for up to 0.3 s after its first
 * paint (docs/decisions/066-first-frame-holds-back-the-rest.md). The page is whole once:
 * - it is parsed;
 * - the stylesheet that holds the blocks back is there: a page is parsed before it arrives, and until it
 *   does every block shows for a moment (a Tab walk started then found the footer gone when it got there);
 * - no block is held back, asked two ways: Chromium reports `display: none` while the hold runs, WebKit
 *   reports the block's own `display` and only its running animation tells.
 */
export function pageIsWhole(): boolean {
  return (
    document.readyState !== 'loading' &&
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet) &&
    [...document.querySelectorAll('[data-later]')].every(
      (block) =>
        getComputedStyle(block).display !== 'none' &&
        !block.getAnimations().some((hold) => hold.playState === 'running' && (hold as CSSAnimation).animationName === 'hold-back'),
    )
  )
}
