import { useCallback, useEffect, useRef, useState } from 'react'

/**
 * The message of a polite live region and how to set it. The region is rendered, empty, from the first
 * paint: screen readers only read text that changes in a region they already track, so a region inserted
 * with its text is often skipped (decision 028). The same text twice in a row still changes the region.
 */
export function useAnnouncer(): [string, (text: string) => void] {
  const [message, setMessage] = useState('')
  // A trailing no-break space makes a repeated text a new one; it is not spoken.
  const announce = useCallback((text: string) => setMessage((previous) => (previous === text ? `${text}\u00a0` : text)), [])
  return [message, announce]
}

/**
 * Focus, once the next render is on screen, the element `find` returns: the element that had focus is
 * often what the render removes, so it cannot be focused before.
 */
export function useFocusAfterRender(): (find: () => HTMLElement | null | undefined) => void {
  const pending = useRef<(() => HTMLElement | null | undefined) | undefined>(undefined)
  const [request, setRequest] = useState(0)
  useEffect(() => {
    const find = pending.current
    pending.current = undefined
    find?.()?.focus()
  }, [request])
  return useCallback((find) => {
    pending.current = find
    setRequest((value) => value + 1)
  }, [])
}
