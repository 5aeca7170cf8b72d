import { describe, expect, it } from 'vitest'
import { afterFirstPaint, type PaintEnvironment } from '#src/lib/after-first-paint'

/** A browser whose paint entries the test delivers, one by one, as the observer would receive them. */
function browserWithPaintTiming(supported = ['paint', 'resource']) {
  const observers: { callback: PerformanceObserverCallback; connected: boolean }[] = []
  class FakeObserver {
    static supportedEntryTypes = supported
    private readonly record: { callback: PerformanceObserverCallback; connected: boolean }
    constructor(callback: PerformanceObserverCallback) {
      this.record = { callback, connected: false }
      observers.push(this.record)
    }
    observe() {
      this.record.connected = true
    }
    disconnect() {
      this.record.connected = false
    }
  }
  const paint = (name: string) => {
    for (const record of observers.filter((observer) => observer.connected)) {
      const list = { getEntriesByName: (wanted: string) => (wanted === name ? [{ name }] : []) } as unknown as PerformanceObserverEntryList
      record.callback(list, record as unknown as PerformanceObserver)
    }
  }
  const connected = () => observers.filter((observer) => observer.connected).length
  return { Observer: FakeObserver as unknown as typeof PerformanceObserver, paint, connected }
}

/** The page's visibility, which the test hides; `watching` tells whether anything still waits for it. */
function visibility() {
  let hide: (() => void) | undefined
  const onceHidden = (callback: () => void) => {
    hide = callback
    return () => (hide = undefined)
  }
  return { onceHidden, hide: () => hide?.(), watching: () => hide !== undefined }
}

const settled = async (promise: Promise<void>) => {
  let done = false
  void promise.then(() => (done = true))
  await new Promise((resolve) => setTimeout(resolve, 0))
  return done
}

describe('afterFirstPaint', () => {
  it('waits for the first contentful paint, not the first paint of the background, then stops observing', async () => {
    const browser = browserWithPaintTiming()
    const page = visibility()
    const environment: PaintEnvironment = { PerformanceObserver: browser.Observer, documentVisible: () => true, onceHidden: page.onceHidden }
    const painted = afterFirstPaint(environment)
    expect(await settled(painted)).toBe(false)
    browser.paint('first-paint')
    expect(await settled(painted)).toBe(false)
    expect(page.watching()).toBe(true)
    browser.paint('first-contentful-paint')
    expect(await settled(painted)).toBe(true)
    expect(browser.connected()).toBe(0)
    expect(page.watching()).toBe(false)
  })

  it('resolves at once where the browser has no paint timing, or the page is out of sight', async () => {
    const withoutPaint = browserWithPaintTiming(['resource'])
    const page = visibility()
    expect(await settled(afterFirstPaint({ PerformanceObserver: withoutPaint.Observer, documentVisible: () => true, onceHidden: page.onceHidden }))).toBe(true)
    expect(await settled(afterFirstPaint({ PerformanceObserver: undefined, documentVisible: () => true, onceHidden: page.onceHidden }))).toBe(true)
    const hidden = browserWithPaintTiming()
    expect(await settled(afterFirstPaint({ PerformanceObserver: hidden.Observer, documentVisible: () => false, onceHidden: page.onceHidden }))).toBe(true)
    expect(page.watching()).toBe(false)
    expect(hidden.connected()).toBe(0)
  })

  // Chromium gives no paint entry to a page that went out of sight before its first paint.
  it('resolves when the page is hidden before its first paint, and stops observing', async () => {
    const browser = browserWithPaintTiming()
    const page = visibility()
    const painted = afterFirstPaint({ PerformanceObserver: browser.Observer, documentVisible: () => true, onceHidden: page.onceHidden })
    expect(await settled(painted)).toBe(false)
    page.hide()
    expect(await settled(painted)).toBe(true)
    expect(browser.connected()).toBe(0)
    expect(page.watching()).toBe(false)
  })
})
