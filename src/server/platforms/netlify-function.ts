import { createDirectDelivery } from '#src/server/delivery/direct-delivery'
import { createPlatformApi, type PlatformApi } from './platform-api'

/** The part of Netlify's function context the API reads. */
interface NetlifyContext {
  /** The client's address, as Netlify's edge saw it. */
  ip: string
}

interface NetlifyGlobal {
  env: { toObject(): Record<string, string> }
}

/** Settings and pure-JS state only, read on the instance's first request (docs/decisions/030). */
let platform: PlatformApi | undefined

/** Netlify Functions v2 entry: a Fetch handler on the site's own domain, under /api. */
export default async function netlifyFunction(request: Request, context: NetlifyContext): Promise<Response> {
  platform ??= createPlatformApi({ env: (globalThis as { Netlify?: NetlifyGlobal }).Netlify?.env.toObject() ?? process.env })
  return platform.handle(request, { platformAddress: context.ip, delivery: createDirectDelivery(platform.delivery) })
}

export const config = { path: '/api/*' }
