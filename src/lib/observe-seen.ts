/** IntersectionObserver v2 (Chromium): the entry also says whether anything is drawn over its target. */
type VisibilityObserverInit = IntersectionObserverInit & { trackVisibility: boolean; delay: number }

/**
 * Calls `onSeen` once, the first time one of `targets` is in view; with `uncovered`, only once nothing is
 * drawn over it either, where the browser can tell (elsewhere, in view is enough). Returns the disconnect.
 */
export function observeSeen(targets: Iterable<Element>, onSeen: () => void, { uncovered = false } = {}): () => void {
  // Occlusion is computed for a delay of 100 ms at least.
  const options: VisibilityObserverInit | IntersectionObserverInit = uncovered ? { trackVisibility: true, delay: 100 } : {}
  const observer = new IntersectionObserver(
    (entries) => {
      const seen = entries.some((entry) => entry.isIntersecting && (!uncovered || (entry as IntersectionObserverEntry & { isVisible?: boolean }).isVisible !== false))
      if (!seen) return
      observer.disconnect()
      onSeen()
    },
    options,
  )
  for (const target of targets) observer.observe(target)
  return () => observer.disconnect()
}
