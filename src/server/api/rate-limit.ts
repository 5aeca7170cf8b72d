/** The API's rate-limited routes: each has its own budget per client. */
export type LimitedRoute = 'contact' | 'newsletter' | 'generate'

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number }

export interface RateLimiter {
  take(route: LimitedRoute, client: string): RateDecision | Promise<RateDecision>
}

/** Requests a client may make per minute on each route, in a burst or spread out. */
export type RateLimits = Record<LimitedRoute, number>

export const DEFAULT_RATE_LIMITS: RateLimits = { contact: 5, newsletter: 5, generate: 10 }

interface Bucket {
  tokens: number
  updatedAt: number
}

/**
 * Token buckets in memory, one per route and client: a full bucket holds a minute's budget and refills
 * continuously. At most `maxClients` buckets are kept; past that the least recently used is dropped, so a
 * flood of distinct addresses costs a bounded amount of memory (docs/decisions/017-api-abuse-limits.md).
 */
export function createMemoryRateLimiter({ limits, maxClients = 10_000, now = Date.now }: { limits: RateLimits; maxClients?: number; now?: () => number }): { take(route: LimitedRoute, client: string): RateDecision; size(): number } {
  const buckets = new Map<string, Bucket>()
  return {
    take(route: LimitedRoute, client: string): RateDecision {
      const perMinute = limits[route]
      const refillPerMs = perMinute / 60_000
      const key = `${route} ${client}`
      const time = now()
      const previous = buckets.get(key)
      const tokens = previous ? Math.min(perMinute, previous.tokens + (time - previous.updatedAt) * refillPerMs) : perMinute
      // Re-inserting keeps the Map in least-recently-used order: the first key is the one to evict.
      buckets.delete(key)
      const allowed = tokens >= 1
      buckets.set(key, { tokens: allowed ? tokens - 1 : tokens, updatedAt: time })
      while (buckets.size > maxClients) buckets.delete(buckets.keys().next().value as string)
      return allowed ? { allowed } : { allowed, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / refillPerMs / 1000)) }
    },
    size: () => buckets.size,
  }
}

/** Cloudflare's rate limiting binding (`[[ratelimits]]` in wrangler.toml): `limit()` answers for a key. */
export interface RateLimitBinding {
  limit(options: { key: string }): Promise<{ success: boolean }>
}

/**
 * Routes with a platform binding ask it (one budget shared by every isolate); the others fall back to
 * `fallback`. The binding does not say when its window reopens: its period is the honest `Retry-After`.
 */
export function createBindingRateLimiter(bindings: Partial<Record<LimitedRoute, RateLimitBinding>>, fallback: RateLimiter, periodSeconds = 60): RateLimiter {
  return {
    async take(route, client) {
      const binding = bindings[route]
      if (!binding) return fallback.take(route, client)
      const { success } = await binding.limit({ key: `${route} ${client}` })
      return success ? { allowed: true } : { allowed: false, retryAfterSeconds: periodSeconds }
    },
  }
}
