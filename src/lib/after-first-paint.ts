/** What `afterFirstPaint` reads from the browser; a parameter so that tests can play the browser. */
export interface PaintEnvironment {
  PerformanceObserver: typeof PerformanceObserver | undefined
  documentVisible: () => boolean
}

const browserEnvironment = (): PaintEnvironment => ({
  PerformanceObserver: globalThis.PerformanceObserver,
  documentVisible: () => document.visibilityState === 'visible',
})

/**
 * Resolves once the browser has shown the page's first content. The first frame can be rendered long before
 * it reaches the screen on a slow machine, so an observer or a timer that fires after rendering is not yet
 * after the paint: the paint timing entry is. A page loaded out of sight never gets one, and a browser
 * without paint timing cannot tell; both resolve at once, as there is no paint to compete with.
 */
export function afterFirstPaint(environment: PaintEnvironment = browserEnvironment()): Promise<void> {
  const Observer = environment.PerformanceObserver
  if (!Observer?.supportedEntryTypes?.includes('paint') || !environment.documentVisible()) return Promise.resolve()
  return new Promise((resolve) => {
    const observer = new Observer((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return
      observer.disconnect()
      resolve()
    })
    observer.observe({ type: 'paint', buffered: true })
  })
}
