import { readApiConfig, type Env } from '#src/server/api/api-config'
import { rateLimitKey } from '#src/server/api/client-address'
import { createApi } from '#src/server/api/create-api'
import { createBindingRateLimiter, createMemoryRateLimiter, type LimitedRoute, type RateLimitBinding } from '#src/server/api/rate-limit'
import type { Delivery } from '#src/server/delivery/delivery'
import { readServerlessDelivery, type ServerlessDeliverySettings } from '#src/server/delivery/serverless-delivery'

/** What a platform entry hands over with each request, built inside that request. */
export interface PlatformRequest {
  /** The client's address, as the platform itself reports it. */
  platformAddress: string | undefined
  delivery: Delivery
  /** Cloudflare's rate limiting bindings, shared by every isolate; routes without one count in memory. */
  rateLimitBindings?: Partial<Record<LimitedRoute, RateLimitBinding>>
}

export interface PlatformApi {
  /** The channels and retry schedule, read once: every request builds its delivery from them. */
  delivery: ServerlessDeliverySettings
  handle(request: Request, perRequest: PlatformRequest): Promise<Response>
}

/**
 * The API as a serverless platform runs it. Built once per isolate or instance from its environment, and
 * holding only what may outlive a request there: the settings, the router, and the in-memory rate-limit
 * counters (numbers in a Map). Everything that does I/O (delivery, bindings, fetch, signals) comes with
 * each request (docs/decisions/030). The platform routes by host name, so a page of the API's own origin
 * is allowed besides SITE_URL's.
 */
export function createPlatformApi({ env }: { env: Env }): PlatformApi {
  const { config, problems } = readApiConfig(env)
  for (const problem of problems) console.warn(problem)
  const memory = createMemoryRateLimiter({ limits: config.rateLimits })
  const api = createApi({ generator: { env }, allowedOrigins: config.allowedOrigins, allowSameOrigin: true })
  return {
    delivery: readServerlessDelivery(env),
    // The platform itself tells who connected; no proxy header is read on top of it.
    handle: (request, { platformAddress, delivery, rateLimitBindings = {} }) =>
      api(request, { address: rateLimitKey(platformAddress ?? 'unknown'), delivery, rateLimiter: createBindingRateLimiter(rateLimitBindings, memory) }),
  }
}
