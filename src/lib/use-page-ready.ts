import { useEffect } from 'react'

/**
 * Marks the document once the page's own content is hydrated, not just the shell: React hydrates the
 * route's content in a pass of its own, after the header and footer. Styles that need the app and the
 * browser tests read the mark; every page reads its payload, and every error view calls this too.
 */
export function usePageReady(): void {
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true'
  }, [])
}
