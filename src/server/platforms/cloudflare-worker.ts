import type { LimitedRoute, RateLimitBinding } from '#src/server/api/rate-limit'
import { createDirectDelivery } from '#src/server/delivery/direct-delivery'
import { consumeSubmissions, createQueueDelivery, isQueueProducer, type QueueBatch } from '#src/server/delivery/queue-delivery'
import { createPlatformApi, type PlatformApi } from './platform-api'

/** Worker bindings: text variables and secrets (wrangler.toml `[vars]`, `wrangler secret put`), rate limiters, queues. */
type WorkerEnv = Record<string, unknown>

/** The `[[ratelimits]]` binding names read for each route (deploy/cloudflare/wrangler.toml). */
export const RATE_LIMIT_BINDINGS: Record<LimitedRoute, string> = {
  contact: 'CONTACT_RATE_LIMITER',
  newsletter: 'NEWSLETTER_RATE_LIMITER',
  generate: 'GENERATE_RATE_LIMITER',
}

/** The `[[queues.producers]]` bindings: the submissions' queue and its dead-letter queue. */
export const QUEUE_BINDINGS = { submissions: 'FORMS_QUEUE', deadLetters: 'FORMS_DEAD_LETTER_QUEUE' } as const

function isRateLimitBinding(value: unknown): value is RateLimitBinding {
  return typeof value === 'object' && value !== null && typeof (value as RateLimitBinding).limit === 'function'
}

function textVariables(env: WorkerEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
}

function describeQueues(env: WorkerEnv): string {
  const { submissions, deadLetters } = QUEUE_BINDINGS
  if (!isQueueProducer(env[submissions])) {
    return `Livraison : pas de liaison ${submissions}, chaque demande est remise avant la réponse et un canal en panne donne une erreur 503 au visiteur (deploy/cloudflare/wrangler.toml déclare la file)`
  }
  if (!isQueueProducer(env[deadLetters])) return `Livraison : par la file Cloudflare ${submissions}, essais répétés sans limite (pas de liaison ${deadLetters})`
  return `Livraison : par la file Cloudflare ${submissions}, puis ${deadLetters} après les essais permis`
}

/**
 * Read from the first invocation's environment, the same for the isolate's whole life: settings and
 * pure-JS state only. Bindings and everything that does I/O are taken from each invocation's own `env`
 * (docs/decisions/030: a Worker cannot use an I/O object across requests).
 */
let platform: PlatformApi | undefined

function platformFor(env: WorkerEnv): PlatformApi {
  if (!platform) {
    platform = createPlatformApi({ env: textVariables(env) })
    console.info(describeQueues(env))
  }
  return platform
}

/** Cloudflare Worker entry (module syntax). Cloudflare sets CF-Connecting-IP itself: it is the client. */
export default {
  async fetch(request: Request, env: WorkerEnv): Promise<Response> {
    const api = platformFor(env)
    const queue = env[QUEUE_BINDINGS.submissions]
    return api.handle(request, {
      platformAddress: request.headers.get('cf-connecting-ip') ?? undefined,
      delivery: isQueueProducer(queue) ? createQueueDelivery(queue, api.delivery) : createDirectDelivery(api.delivery),
      rateLimitBindings: Object.fromEntries(
        Object.entries(RATE_LIMIT_BINDINGS).flatMap(([route, name]) => (isRateLimitBinding(env[name]) ? [[route, env[name]]] : [])),
      ),
    })
  },

  async queue(batch: QueueBatch, env: WorkerEnv): Promise<void> {
    const queue = env[QUEUE_BINDINGS.submissions]
    const deadLetters = env[QUEUE_BINDINGS.deadLetters]
    await consumeSubmissions(batch, {
      settings: platformFor(env).delivery,
      queue: isQueueProducer(queue) ? queue : undefined,
      deadLetters: isQueueProducer(deadLetters) ? deadLetters : undefined,
    })
  },
}
