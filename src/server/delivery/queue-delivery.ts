import { errorMessage } from './channel'
import { DeliveryError, isPendingSubmission, type Delivery, type DeliveryLogger, type PendingSubmission } from './delivery'
import { retryDelaySeconds } from './retry-schedule'
import { attemptChannels, createServerlessChannels, describeFailures, requireRoutes, serverlessRoutes, type ServerlessDeliverySettings } from './serverless-delivery'

/** The part of a Cloudflare Queues producer binding (`[[queues.producers]]`) used here. */
export interface QueueProducer {
  send(body: unknown, options?: { contentType?: 'json'; delaySeconds?: number }): Promise<void>
}

/** One message of a batch handed to the Worker's `queue()` handler. */
export interface QueueMessage {
  readonly id: string
  readonly body: unknown
  /** Deliveries of this very message so far, this one included (1 the first time). */
  readonly attempts: number
  ack(): void
  retry(options?: { delaySeconds?: number }): void
}

export interface QueueBatch {
  readonly queue: string
  readonly messages: readonly QueueMessage[]
}

/** What the dead-letter queue holds: the submission, what it reached, and why it stopped there. */
export interface DeadLetter extends PendingSubmission {
  reason: string
  failedAt: string
}

export function isQueueProducer(value: unknown): value is QueueProducer {
  return typeof value === 'object' && value !== null && typeof (value as QueueProducer).send === 'function'
}

/**
 * JSON rather than the default V8 serialisation: the dashboard shows such messages as text, so the
 * dead-letter queue can be read there (README, "Livraison des demandes").
 */
const AS_JSON = { contentType: 'json' } as const

/**
 * The Worker's delivery with a queue binding: the 201 waits until Cloudflare Queues holds the submission;
 * the Worker's `queue()` handler delivers it later (`consumeSubmissions`). Built per request.
 */
export function createQueueDelivery(queue: QueueProducer, settings: ServerlessDeliverySettings, { logger = console }: { logger?: DeliveryLogger } = {}): Delivery {
  return {
    async accept(submission) {
      requireRoutes(submission, settings, logger)
      const message: PendingSubmission = { submission, delivered: [], attempts: 0 }
      try {
        await queue.send(message, AS_JSON)
      } catch (error) {
        logger.error(`Livraison : la file Cloudflare refuse la demande ${submission.id} (${submission.kind}) : ${errorMessage(error)}`)
        throw new DeliveryError('Queue refused the submission', { cause: error })
      }
    },
    async close() {},
  }
}

export interface ConsumeOptions {
  settings: ServerlessDeliverySettings
  /** The producer of the queue being consumed: a submission that failed goes back to it, with what it reached. */
  queue?: QueueProducer
  deadLetters?: QueueProducer
  fetch?: typeof globalThis.fetch
  logger?: DeliveryLogger
  random?: () => number
  now?: () => Date
}

/**
 * The Worker's `queue()` handler: each message goes to every channel its kind is routed to and does not
 * hold yet, all messages at once. A message whose channels all answered is acknowledged. One that failed
 * is sent again with the channels it reached, its attempt count and its last error, delayed by the same
 * backoff as on Node (a retried message would keep its old body and lose that progress), then
 * acknowledged; after `maxAttempts`, it goes to the dead-letter queue with its reason instead. A
 * dead-letter message consumed again (a replay) starts a fresh series of attempts.
 */
export async function consumeSubmissions(batch: QueueBatch, { settings, queue, deadLetters, fetch = (...args) => globalThis.fetch(...args), logger = console, random = Math.random, now = () => new Date() }: ConsumeOptions): Promise<void> {
  const channels = createServerlessChannels(settings, fetch)

  async function deadLetter(letter: DeadLetter, message: QueueMessage): Promise<boolean> {
    if (!deadLetters) return false
    try {
      await deadLetters.send(letter, AS_JSON)
      return true
    } catch (error) {
      logger.error(`Livraison : la file des lettres mortes refuse la demande ${letter.submission.id} : ${errorMessage(error)} ; nouvel essai de la file ${batch.queue}`)
      message.retry()
      return false
    }
  }

  async function consume(message: QueueMessage): Promise<void> {
    const body = message.body
    if (!isPendingSubmission(body)) {
      // Not one of ours (sent by hand from the dashboard?): the consumer's own max_retries and dead_letter_queue take it.
      logger.error(`Livraison : message ${message.id} illisible dans la file ${batch.queue} ; laissé à la file des lettres mortes de Cloudflare`)
      message.retry()
      return
    }
    const replay = 'reason' in body
    const pending: PendingSubmission = { submission: body.submission, delivered: body.delivered, attempts: replay ? 0 : body.attempts }
    const { id, kind } = pending.submission
    const routes = serverlessRoutes(kind, settings)
    const outcome = await attemptChannels(pending, routes, channels)
    const attempts = pending.attempts + message.attempts
    for (const refusal of outcome.refusals) {
      const reason = `${refusal.channel} refuse définitivement cette demande : ${refusal.message}`
      logger.error(`Livraison : ${reason} (demande ${id}, ${kind})`)
      // Not kept: the message comes back as it was, and the refusal with it.
      if (deadLetters && !(await deadLetter({ ...pending, delivered: outcome.delivered, attempts, reason, failedAt: now().toISOString() }, message))) return
    }
    if (routes.length && !outcome.failures.length) {
      message.ack()
      if (attempts > 1) logger.info(`Livraison : demande ${id} (${kind}) remise après ${attempts} essais (${routes.join(', ')})`)
      return
    }
    for (const failure of outcome.failures) if (failure.misconfigured) logger.error(`Livraison : ${failure.channel} refuse nos envois (${failure.message}) : vérifiez sa configuration`)
    const lastError = routes.length ? describeFailures(outcome.failures) : 'aucun canal configuré pour ce type de demande'
    const next: PendingSubmission = { submission: pending.submission, delivered: outcome.delivered, attempts, lastError }
    if (attempts >= settings.schedule.maxAttempts && deadLetters) {
      const reason = `${attempts} essais sans succès ; dernier échec : ${lastError}`
      if (await deadLetter({ ...next, reason, failedAt: now().toISOString() }, message)) {
        message.ack()
        logger.error(`Livraison : demande ${id} (${kind}) placée dans la file des lettres mortes après ${attempts} essais (${lastError})`)
      }
      return
    }
    const delaySeconds = retryDelaySeconds(attempts, settings.schedule, random)
    logger.warn(`Livraison : demande ${id} (${kind}) non remise (${lastError}) ; essai ${attempts}, le suivant dans ${delaySeconds} s`)
    try {
      if (!queue) throw new Error('pas de liaison FORMS_QUEUE pour la renvoyer')
      await queue.send(next, { ...AS_JSON, delaySeconds })
      message.ack()
    } catch (error) {
      // Cloudflare keeps the message as it came; only what this attempt reached is forgotten.
      logger.error(`Livraison : demande ${id} renvoyée telle quelle dans la file ${batch.queue} (${errorMessage(error)})`)
      message.retry({ delaySeconds })
    }
  }

  await Promise.all(batch.messages.map(consume))
}
