import { useEffect, useRef, type RefObject } from 'react'

/**
 * A list that scrolls sideways (phones) must be reachable by keyboard even when nothing inside it takes
 * focus (WCAG 2.1.1): it becomes focusable while, and only while, its content overflows.
 */
export function useKeyboardScrollable<TElement extends HTMLElement>(): RefObject<TElement | null> {
  const ref = useRef<TElement>(null)
  useEffect(() => {
    const element = ref.current
    if (!element || typeof ResizeObserver !== 'function') return
    const update = () => {
      if (element.scrollWidth > element.clientWidth) element.tabIndex = 0
      else element.removeAttribute('tabindex')
    }
    const observer = new ResizeObserver(update)
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return ref
}
