// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'

// jsdom follows a link in a task of its own, on its own clock, which a file's fake timers may not drive
// (vitest.config.ts): the test waits for the next real task before it reads where the page is.
const realSetTimeout = globalThis.setTimeout
const nextRealTask = () => new Promise((resolve) => realSetTimeout(resolve))

afterEach(() => {
  vi.useRealTimers()
})

/** The module as a new page loads it: the boot registers the boundaries it finds in the document once. */
async function bootWith(markup: string): Promise<void> {
  document.body.innerHTML = markup
  vi.resetModules()
  const { deferHydrationUntilVisible } = await import('#src/components/ui/hydrate-when-visible')
  deferHydrationUntilVisible()
}

describe('a click in a prerendered section React has not rendered yet', () => {
  it('is held, then answered by the prerendered link alone when React never gets there', async () => {
    vi.useFakeTimers()
    await bootWith('<div data-hydrate-when-visible="_R_1_"><a href="#offres">Voir les offres</a></div>')
    const link = document.querySelector('a')
    if (!link) throw new Error('no link')

    link.click()
    vi.advanceTimersByTime(4_000)
    await nextRealTask()
    expect(location.hash).toBe('')

    vi.advanceTimersByTime(1_100)
    await nextRealTask()
    expect(location.hash).toBe('#offres')
  })

  it('holds a click on an icon drawn in SVG inside a link as well, and the link answers it', async () => {
    vi.useFakeTimers()
    await bootWith('<div data-hydrate-when-visible="_R_2_"><a href="#tarifs"><svg><path d="M0 0h1"></path></svg>Tarifs</a></div>')
    const icon = document.querySelector('path')
    if (!icon) throw new Error('no icon')

    icon.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))
    await nextRealTask()
    expect(location.hash).not.toBe('#tarifs')

    vi.advanceTimersByTime(5_100)
    await nextRealTask()
    expect(location.hash).toBe('#tarifs')
  })
})
