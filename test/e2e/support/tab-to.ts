import type { Page } from 'playwright-core'
import { pressTabs } from './keyboard'

/** Tab presses per burst: most walks of the tests end within one or two, and a press past the target costs little. */
const BURST = 20

/**
 * Runs in the page. Until `stop()`, a Tab keydown is swallowed (before any of the page's own listeners, on
 * window in the capture phase) once focus is on an element `matches` accepts: focus stays on the target
 * however many presses follow.
 */
const HOLD_ON_TARGET = (matches: (active: Element, arg: unknown) => boolean, arg: unknown) => {
  const reached = () => {
    const active = document.activeElement
    return active !== null && active !== document.body && matches(active, arg)
  }
  const hold = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || !reached()) return
    event.preventDefault()
    event.stopImmediatePropagation()
  }
  window.addEventListener('keydown', hold, true)
  Object.assign(window, {
    __tabTo: {
      reached,
      stop() {
        window.removeEventListener('keydown', hold, true)
        return reached()
      },
    },
  })
}

/** For `tabTo`: the element's text, trimmed, is `text`. */
export const withText = (active: Element, text: string): boolean => active.textContent?.trim() === text

/**
 * Presses Tab, as a keyboard user does, until the focused element satisfies `matches` (it runs in the page:
 * it may use only its arguments, like a function given to `page.evaluate`); throws if `limit` presses never
 * get there. If focus is already on such an element, nothing is pressed. The presses go in bursts, one
 * painted frame for many, and each moves focus as a single press would until the target holds it.
 */
export async function tabTo<Arg>(
  page: Page,
  matches: (active: Element, arg: Arg) => boolean,
  arg: Arg,
  { limit = 200, shift = false }: { limit?: number; shift?: boolean } = {},
): Promise<void> {
  // A string, not a function, so the page runs `matches` as it was written (a function is sent as its source anyway).
  await page.evaluate(`(${HOLD_ON_TARGET.toString()})(${matches.toString()}, ${JSON.stringify(arg ?? null)})`)
  let reached = (await page.evaluate('window.__tabTo.reached()')) as boolean
  for (let pressed = 0; !reached && pressed < limit; pressed += BURST) {
    await pressTabs(page, Math.min(BURST, limit - pressed), { shift })
    reached = (await page.evaluate('window.__tabTo.reached()')) as boolean
  }
  await page.evaluate('window.__tabTo.stop()')
  if (!reached) throw new Error(`${limit} presses of Tab never reached the element`)
}
