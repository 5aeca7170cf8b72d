import { DeliveryError, type Delivery, type DeliveryLogger } from './delivery'
import { attemptChannels, createServerlessChannels, describeFailures, requireRoutes, type ServerlessDeliverySettings } from './serverless-delivery'

export interface DirectDeliveryOptions {
  fetch?: typeof fetch
  logger?: DeliveryLogger
}

/**
 * Serverless delivery without a durable store (a Worker with no queue binding): each submission goes to
 * its HTTP channels (webhook, Brevo) before the answer, and any failure is the visitor's to know: the API
 * answers 503 and the form offers the e-mail fallback. Built per request: nothing of it outlives the
 * request that made it (docs/decisions/030).
 */
export function createDirectDelivery(settings: ServerlessDeliverySettings, { fetch = (...args) => globalThis.fetch(...args), logger = console }: DirectDeliveryOptions = {}): Delivery {
  const channels = createServerlessChannels(settings, fetch)
  return {
    async accept(submission) {
      const { id, kind } = submission
      const routes = requireRoutes(submission, settings, logger)
      const { failures, refusals } = await attemptChannels({ submission, delivered: [], attempts: 0 }, routes, channels)
      const problems = describeFailures([...failures, ...refusals])
      if (problems) {
        logger.error(`Livraison : demande ${id} (${kind}) non remise (${problems})`)
        throw new DeliveryError(`Delivery failed: ${problems}`)
      }
    },
    async close() {},
  }
}
