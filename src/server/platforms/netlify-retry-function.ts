import { retryStoredSubmissions } from '#src/server/delivery/blobs-delivery'
import { readServerlessDelivery, type ServerlessDeliverySettings } from '#src/server/delivery/serverless-delivery'
import { netlifyEnv, openSubmissionStore } from './netlify-platform'

/** Read on the instance's first run: plain data only. */
let settings: ServerlessDeliverySettings | undefined

/**
 * Netlify Scheduled Function, every minute: tries again each submission still in Netlify Blobs whose
 * time has come, and deletes those every channel now has. Answers what the run did, for
 * `netlify functions:invoke` and the function's log.
 */
export default async function retryPendingSubmissions(): Promise<Response> {
  settings ??= readServerlessDelivery(netlifyEnv())
  const store = openSubmissionStore()
  if (!store) {
    console.error("Livraison : Netlify Blobs n'est pas disponible pour cette fonction ; aucune demande en attente n'a pu être reprise")
    return Response.json({ error: 'blobs_unavailable' }, { status: 503 })
  }
  return Response.json(await retryStoredSubmissions({ settings, store }))
}

export const config = { schedule: '* * * * *' }
