import type { CDPSession, Page } from 'playwright-core'

const sessions = new WeakMap<Page, Promise<CDPSession>>()
const sessionOf = (page: Page): Promise<CDPSession> => {
  let session = sessions.get(page)
  if (!session) {
    session = page.context().newCDPSession(page)
    sessions.set(page, session)
  }
  return session
}

const TAB = { key: 'Tab', code: 'Tab', windowsVirtualKeyCode: 9 } as const
const SHIFT = 8

/**
 * Presses Tab `count` times, all sent at once, as a fast typist does. Each press is a key down and a key up,
 * handled by the page in order, so a listener on keyup sees every stop; but the page paints once for the
 * burst instead of once per press (a painted frame is most of a press's cost on this machine).
 */
export async function pressTabs(page: Page, count: number, { shift = false } = {}): Promise<void> {
  const cdp = await sessionOf(page)
  const modifiers = shift ? SHIFT : 0
  await Promise.all(
    Array.from({ length: count }, () => [
      cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', modifiers, ...TAB }),
      cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', modifiers, ...TAB }),
    ]).flat(),
  )
}
