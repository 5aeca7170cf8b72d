import { useSuspenseQuery } from '@tanstack/react-query'
import { payloadQuery, type PagePayload } from './payload'
import { usePageReady } from './use-page-ready'

/**
 * The payload the route loader already put in the cache. Its page shape is the one the build wrote
 * from content/ for this path, hence the cast.
 */
export function usePagePayload<TPage>(path: string): PagePayload<TPage> {
  usePageReady()
  return useSuspenseQuery(payloadQuery(path)).data as PagePayload<TPage>
}
