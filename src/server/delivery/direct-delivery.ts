import { createBrevoChannel } from './brevo-channel'
import { errorMessage, type Channel } from './channel'
import { DeliveryError, type Delivery, type DeliveryLogger } from './delivery'
import { channelsFor, describeDelivery, readDeliveryConfig, type ChannelName, type Env } from './delivery-config'
import { createWebhookChannel } from './webhook-channel'

export interface DirectDeliveryOptions {
  env: Env
  fetch?: typeof fetch
  logger?: DeliveryLogger
}

/**
 * Serverless delivery (Cloudflare Workers, Netlify Functions): no disk to queue on, so each submission goes
 * to its HTTP channels (webhook, Brevo) before the answer, and any failure is the visitor's to know: the API
 * answers 503 and the form offers the e-mail fallback. Web APIs only; nothing here may import `node:*`.
 */
export function createDirectDelivery({ env, fetch = (...args) => globalThis.fetch(...args), logger = console }: DirectDeliveryOptions): Delivery {
  const { config, problems } = readDeliveryConfig(env)
  const description = describeDelivery(env, { runtime: 'serverless' })
  if (problems.length) logger.error(`${description.summary} : chaque demande recevra une erreur`)
  for (const warning of description.warnings) logger.error(`Livraison des demandes : ${warning}`)

  const channels: Partial<Record<ChannelName, Channel>> = {
    webhook: config.webhook && createWebhookChannel(config.webhook, { fetch }),
    brevo: config.brevo && createBrevoChannel(config.brevo, { fetch }),
  }
  const never = new AbortController().signal

  return {
    async accept(submission) {
      const { id, kind } = submission
      const names = problems.length ? [] : channelsFor(kind, config, 'serverless')
      if (!names.length) {
        logger.error(`Livraison : demande ${id} (${kind}) refusée, aucun canal configuré pour ce type de demande`)
        throw new DeliveryError(`No delivery channel for ${kind}`)
      }
      const results = await Promise.allSettled(names.map((name) => channels[name]!.send(submission, never)))
      const failures = results.flatMap((result, index) => (result.status === 'rejected' ? [`${names[index]} : ${errorMessage(result.reason)}`] : []))
      if (failures.length) {
        logger.error(`Livraison : demande ${id} (${kind}) non remise (${failures.join(' ; ')})`)
        throw new DeliveryError(`Delivery failed: ${failures.join(' ; ')}`)
      }
    },
    async close() {},
  }
}
