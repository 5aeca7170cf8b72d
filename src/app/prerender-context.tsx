import { createContext, useContext } from 'react'

/** True while the build renders pages to static HTML in Node. */
export const PrerenderContext = createContext(false)

export function usePrerender(): boolean {
  return useContext(PrerenderContext)
}
