/** What `afterFirstPaint` reads from the browser; a parameter so that tests can play the browser. */
export interface PaintEnvironment {
  PerformanceObserver: typeof PerformanceObserver | undefined
  documentVisible: () => boolean
  /** Calls `callback` once the page goes out of sight, unless the returned function was called first. */
  onceHidden: (callback: () => void) => () => void
}

const browserEnvironment = (): PaintEnvironment => ({
  PerformanceObserver: globalThis.PerformanceObserver,
  documentVisible: () => document.visibilityState === 'visible',
  onceHidden: (callback) => {
    const listener = () => {
      if (document.visibilityState !== 'hidden') return
      document.removeEventListener('visibilitychange', listener)
      callback()
    }
    document.addEventListener('visibilitychange', listener)
    return () => document.removeEventListener('visibilitychange', listener)
  },
})

/**
 * Resolves once the browser has shown the page's first content. The first frame can be rendered long before
 * it reaches the screen on a slow machine, so an observer or a timer that fires after rendering is not yet
 * after the paint: the paint timing entry is. A page loaded out of sight, or hidden before its first paint,
 * never gets one, and a browser without paint timing cannot tell; these resolve at once, as there is no
 * paint to compete with.
 */
export function afterFirstPaint(environment: PaintEnvironment = browserEnvironment()): Promise<void> {
  const Observer = environment.PerformanceObserver
  if (!Observer?.supportedEntryTypes?.includes('paint') || !environment.documentVisible()) return Promise.resolve()
  return new Promise((resolve) => {
    const painted = () => {
      observer.disconnect()
      stopWatchingVisibility()
      resolve()
    }
    const observer = new Observer((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) painted()
    })
    const stopWatchingVisibility = environment.onceHidden(painted)
    observer.observe({ type: 'paint', buffered: true })
  })
}
