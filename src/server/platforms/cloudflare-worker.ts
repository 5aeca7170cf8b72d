import type { LimitedRoute, RateLimitBinding } from '#src/server/api/rate-limit'
import { createPlatformApi } from './platform-api'

/** Worker bindings: text variables and secrets (wrangler.toml `[vars]`, `wrangler secret put`), and rate limiters. */
type WorkerEnv = Record<string, unknown>

/** The `[[ratelimits]]` binding names read for each route (deploy/cloudflare/wrangler.toml). */
export const RATE_LIMIT_BINDINGS: Record<LimitedRoute, string> = {
  contact: 'CONTACT_RATE_LIMITER',
  newsletter: 'NEWSLETTER_RATE_LIMITER',
  generate: 'GENERATE_RATE_LIMITER',
}

function isRateLimitBinding(value: unknown): value is RateLimitBinding {
  return typeof value === 'object' && value !== null && typeof (value as RateLimitBinding).limit === 'function'
}

let handle: ReturnType<typeof createPlatformApi> | undefined

/** Cloudflare Worker entry (module syntax). Cloudflare sets CF-Connecting-IP itself: it is the client. */
export default {
  async fetch(request: Request, env: WorkerEnv): Promise<Response> {
    handle ??= createPlatformApi({
      env: Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => typeof entry[1] === 'string')),
      rateLimitBindings: Object.fromEntries(
        Object.entries(RATE_LIMIT_BINDINGS).flatMap(([route, name]) => (isRateLimitBinding(env[name]) ? [[route, env[name]]] : [])),
      ),
    })
    return handle(request, request.headers.get('cf-connecting-ip') ?? undefined)
  },
}
