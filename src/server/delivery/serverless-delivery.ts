import { createBrevoChannel } from './brevo-channel'
import { ChannelMisconfigured, errorMessage, SubmissionRefused, type Channel } from './channel'
import { DeliveryError, type DeliveryLogger, type PendingSubmission, type Submission, type SubmissionKind } from './delivery'
import { channelsFor, describeDelivery, readDeliveryConfig, type ChannelName, type DeliveryConfig, type Env } from './delivery-config'
import { readRetrySchedule, type RetrySchedule } from './retry-schedule'
import { createWebhookChannel } from './webhook-channel'

/**
 * What a serverless entry reads once per instance and keeps between requests: plain, frozen data and
 * no I/O object, which a Worker could not share between requests. Web APIs only in this file and its
 * imports: the Worker bundle must not pull any `node:` module.
 */
export interface ServerlessDeliverySettings {
  readonly config: DeliveryConfig
  /** Half-configured channels: every submission is refused until they are fixed. */
  readonly problems: readonly string[]
  readonly schedule: RetrySchedule
}

/** Reads the channels and the retry schedule, and says once in the platform's log what is wrong with them. */
export function readServerlessDelivery(env: Env, logger: DeliveryLogger = console): ServerlessDeliverySettings {
  const { config, problems } = readDeliveryConfig(env)
  const description = describeDelivery(env, { runtime: 'serverless' })
  if (problems.length) logger.error(`${description.summary} : chaque demande recevra une erreur`)
  for (const warning of description.warnings) logger.error(`Livraison des demandes : ${warning}`)
  const retry = readRetrySchedule(env)
  for (const problem of retry.problems) logger.warn(`Livraison : ${problem}`)
  return Object.freeze({ config, problems: Object.freeze([...problems]), schedule: retry.schedule })
}

/** The channels a kind goes to on a serverless platform; none at all while the configuration is broken. */
export function serverlessRoutes(kind: SubmissionKind, settings: ServerlessDeliverySettings): ChannelName[] {
  return settings.problems.length ? [] : channelsFor(kind, settings.config, 'serverless')
}

/** The routes of a new submission; with none, it is refused (DeliveryError) so that the visitor is told. */
export function requireRoutes(submission: Submission, settings: ServerlessDeliverySettings, logger: DeliveryLogger): ChannelName[] {
  const routes = serverlessRoutes(submission.kind, settings)
  if (routes.length) return routes
  logger.error(`Livraison : demande ${submission.id} (${submission.kind}) refusée, aucun canal configuré pour ce type de demande`)
  throw new DeliveryError(`No delivery channel for ${submission.kind}`)
}

/** Built inside each request or batch that uses them, with that invocation's fetch. */
export function createServerlessChannels({ config }: ServerlessDeliverySettings, fetch: typeof globalThis.fetch): Partial<Record<ChannelName, Channel>> {
  return {
    webhook: config.webhook && createWebhookChannel(config.webhook, { fetch }),
    brevo: config.brevo && createBrevoChannel(config.brevo, { fetch }),
  }
}

export interface ChannelFailure {
  channel: ChannelName
  message: string
  /** The receiver refuses us whatever we send (bad key, unknown list): an operator must act. */
  misconfigured: boolean
}

export interface AttemptOutcome {
  /** Every channel that holds the submission now, or refused it for good. */
  delivered: ChannelName[]
  failures: ChannelFailure[]
  /** Channels that refused this very submission for good (counted in `delivered`: retrying cannot help). */
  refusals: ChannelFailure[]
}

/** One line for a log or a dead-letter record: `webhook : le webhook a répondu 502 ; brevo : …`. */
export function describeFailures(failures: readonly ChannelFailure[]): string {
  return failures.map(({ channel, message }) => `${channel} : ${message}`).join(' ; ')
}

/** Hands the submission to every routed channel that does not hold it yet, all at once. */
export async function attemptChannels(pending: PendingSubmission, routes: readonly ChannelName[], channels: Partial<Record<ChannelName, Channel>>): Promise<AttemptOutcome> {
  const targets = routes.filter((name) => !pending.delivered.includes(name))
  const results = await Promise.allSettled(
    targets.map((name) => {
      const channel = channels[name]
      return channel ? channel.send(pending.submission) : Promise.reject(new ChannelMisconfigured(`le canal ${name} n'est pas configuré ici`))
    }),
  )
  const outcome: AttemptOutcome = { delivered: [...pending.delivered], failures: [], refusals: [] }
  results.forEach((result, index) => {
    const channel = targets[index]!
    if (result.status === 'fulfilled') {
      outcome.delivered.push(channel)
      return
    }
    const failure = { channel, message: errorMessage(result.reason), misconfigured: result.reason instanceof ChannelMisconfigured }
    if (result.reason instanceof SubmissionRefused) {
      outcome.delivered.push(channel)
      outcome.refusals.push(failure)
    } else outcome.failures.push(failure)
  })
  return outcome
}
