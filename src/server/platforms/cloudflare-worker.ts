import type { LimitedRoute, RateLimitBinding } from '#src/server/api/rate-limit'
import { createDirectDelivery } from '#src/server/delivery/direct-delivery'
import { createPlatformApi, type PlatformApi } from './platform-api'

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

function textVariables(env: WorkerEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
}

/**
 * Read from the first invocation's environment, the same for the isolate's whole life: settings and
 * pure-JS state only. Bindings and everything that does I/O are taken from each invocation's own `env`
 * (docs/decisions/030: a Worker cannot use an I/O object across requests).
 */
let platform: PlatformApi | undefined

function platformFor(env: WorkerEnv): PlatformApi {
  platform ??= createPlatformApi({ env: textVariables(env) })
  return platform
}

/** Cloudflare Worker entry (module syntax). Cloudflare sets CF-Connecting-IP itself: it is the client. */
export default {
  async fetch(request: Request, env: WorkerEnv): Promise<Response> {
    const api = platformFor(env)
    return api.handle(request, {
      platformAddress: request.headers.get('cf-connecting-ip') ?? undefined,
      delivery: createDirectDelivery(api.delivery),
      rateLimitBindings: Object.fromEntries(
        Object.entries(RATE_LIMIT_BINDINGS).flatMap(([route, name]) => (isRateLimitBinding(env[name]) ? [[route, env[name]]] : [])),
      ),
    })
  },
}
