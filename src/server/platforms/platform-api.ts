import { readApiConfig, type Env } from '#src/server/api/api-config'
import { rateLimitKey } from '#src/server/api/client-address'
import { createApi, type ApiFetch } from '#src/server/api/create-api'
import { createBindingRateLimiter, createMemoryRateLimiter, type LimitedRoute, type RateLimitBinding } from '#src/server/api/rate-limit'
import { createDirectDelivery } from '#src/server/delivery/direct-delivery'

export interface PlatformApiOptions {
  env: Env
  /** Cloudflare's rate limiting bindings, shared by every isolate; routes without one count in memory. */
  rateLimitBindings?: Partial<Record<LimitedRoute, RateLimitBinding>>
}

/**
 * The API as a serverless platform runs it: no disk, so delivery goes straight to its HTTP channels; the
 * platform routes by host name, so a page of the API's own origin is allowed besides SITE_URL's. Built
 * once per isolate or instance: the in-memory rate limit lives as long as it does.
 */
export function createPlatformApi({ env, rateLimitBindings = {} }: PlatformApiOptions): (request: Request, platformAddress: string | undefined) => Promise<Response> {
  const { config, problems } = readApiConfig(env)
  for (const problem of problems) console.warn(problem)
  const memory = createMemoryRateLimiter({ limits: config.rateLimits })
  const api: ApiFetch = createApi({
    delivery: createDirectDelivery({ env }),
    generator: { env },
    allowedOrigins: config.allowedOrigins,
    allowSameOrigin: true,
    rateLimiter: createBindingRateLimiter(rateLimitBindings, memory),
  })
  // The platform itself tells who connected; no proxy header is read on top of it.
  return (request, platformAddress) => api(request, { address: rateLimitKey(platformAddress ?? 'unknown') })
}
