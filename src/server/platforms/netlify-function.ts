import { createPlatformApi } from './platform-api'

/** The part of Netlify's function context the API reads. */
interface NetlifyContext {
  /** The client's address, as Netlify's edge saw it. */
  ip: string
}

interface NetlifyGlobal {
  env: { toObject(): Record<string, string> }
}

let handle: ReturnType<typeof createPlatformApi> | undefined

/** Netlify Functions v2 entry: a Fetch handler on the site's own domain, under /api. */
export default async function netlifyFunction(request: Request, context: NetlifyContext): Promise<Response> {
  const netlify = (globalThis as { Netlify?: NetlifyGlobal }).Netlify
  handle ??= createPlatformApi({ env: netlify?.env.toObject() ?? process.env })
  return handle(request, context.ip)
}

export const config = { path: '/api/*' }
