// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { deferHydrationUntilVisible } from '#src/components/ui/hydrate-when-visible'

// jsdom follows a link in a task of its own, on its own clock, which a file's fake timers may not drive
// (vitest.config.ts): the test waits for the next real task before it reads where the page is.
const realSetTimeout = globalThis.setTimeout
const nextRealTask = () => new Promise((resolve) => realSetTimeout(resolve))

afterEach(() => {
  vi.useRealTimers()
})

describe('a click in a prerendered section React has not rendered yet', () => {
  it('is held, then answered by the prerendered link alone when React never gets there', async () => {
    vi.useFakeTimers()
    document.body.innerHTML = '<div data-hydrate-when-visible="_R_1_"><a href="#offres">Voir les offres</a></div>'
    deferHydrationUntilVisible()
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
})
