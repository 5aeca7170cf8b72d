import { createBlobsDelivery } from '#src/server/delivery/blobs-delivery'
import { createDirectDelivery } from '#src/server/delivery/direct-delivery'
import { netlifyEnv, openSubmissionStore, SUBMISSION_STORE } from './netlify-platform'
import { createPlatformApi, type PlatformApi } from './platform-api'

/** The part of Netlify's function context the API reads. */
interface NetlifyContext {
  /** The client's address, as Netlify's edge saw it. */
  ip: string
  /** Keeps the function alive after the answer until the promise settles. */
  waitUntil?: (promise: Promise<unknown>) => void
}

/** Settings and pure-JS state only, read on the instance's first request (docs/decisions/030). */
let platform: PlatformApi | undefined

/** Netlify Functions v2 entry: a Fetch handler on the site's own domain, under /api. */
export default async function netlifyFunction(request: Request, context: NetlifyContext): Promise<Response> {
  const store = openSubmissionStore()
  if (!platform) {
    platform = createPlatformApi({ env: netlifyEnv() })
    console.info(
      store
        ? `Livraison : chaque demande est gardée dans Netlify Blobs (magasin ${SUBMISSION_STORE}) avant la réponse, puis reprise par la fonction planifiée ludora-forms-retry tant qu'un canal ne l'a pas`
        : "Livraison : Netlify Blobs n'est pas disponible ici, chaque demande est remise avant la réponse et un canal en panne donne une erreur 503 au visiteur",
    )
  }
  const settings = platform.delivery
  const delivery = store ? createBlobsDelivery({ settings, store, waitUntil: context.waitUntil?.bind(context) }) : createDirectDelivery(settings)
  return platform.handle(request, { platformAddress: context.ip, delivery })
}

export const config = { path: '/api/*' }
