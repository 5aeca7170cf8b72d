import { useEffect } from 'react'

/** Marks a list that scrolls sideways on phones; its `tabindex` is then set outside React (see below). */
const KEYBOARD_SCROLLABLE_ATTRIBUTE = 'data-keyboard-scrollable'

/**
 * A list that scrolls sideways (phones) must be reachable by keyboard even when nothing inside it takes
 * focus (WCAG 2.1.1): it becomes focusable while, and only while, its content overflows. The page's own
 * component watches every marked list from the boot on, so a list in a section React adopts only later
 * (src/components/ui/hydrate-when-visible.tsx) is in the tab order from the start; the lists carry
 * `suppressHydrationWarning` for that attribute.
 */
export function useKeyboardScrollables(watchAgain: unknown): void {
  useEffect(() => {
    if (typeof ResizeObserver !== 'function') return
    const observer = new ResizeObserver((entries) => {
      for (const { target } of entries) {
        if (!(target instanceof HTMLElement)) continue
        if (target.scrollWidth > target.clientWidth) target.tabIndex = 0
        else target.removeAttribute('tabindex')
      }
    })
    for (const list of document.querySelectorAll(`[${KEYBOARD_SCROLLABLE_ATTRIBUTE}]`)) observer.observe(list)
    return () => observer.disconnect()
  }, [watchAgain])
}
