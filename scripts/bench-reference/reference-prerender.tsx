// The reference's markup, rendered at build time by the same tree the browser hydrates.
import { createMemoryHistory } from '@tanstack/react-router'
import { renderToString } from 'react-dom/server'
import { createReferenceApp, paragraphQuery, type ReferencePayload } from './reference-app'

export async function renderReference(payload: ReferencePayload): Promise<string> {
  const { queryClient, router, app } = createReferenceApp(createMemoryHistory({ initialEntries: ['/'] }))
  queryClient.setQueryData(paragraphQuery.queryKey, payload)
  await router.load()
  return renderToString(app)
}
