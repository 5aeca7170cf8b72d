import type { Store } from '@netlify/blobs'
import { errorMessage } from './channel'
import { DeliveryError, isPendingSubmission, type Delivery, type DeliveryLogger, type PendingSubmission } from './delivery'
import type { ChannelName } from './delivery-config'
import { retryDelayMs } from './retry-schedule'
import { attemptChannels, createServerlessChannels, describeFailures, requireRoutes, serverlessRoutes, type ServerlessDeliverySettings } from './serverless-delivery'

/** The part of a Netlify Blobs store used here. */
export type SubmissionStore = Pick<Store, 'setJSON' | 'getWithMetadata' | 'delete' | 'list'>

/** A pending submission in the store, under `pending/<id>`. */
export interface StoredSubmission extends PendingSubmission {
  /** Epoch milliseconds; until then, only the function that set it may try the submission. */
  nextAttemptAt: number
}

const PENDING = 'pending/'
/** What a receiver refused for good, kept for a person to look at (Node's refused.ndjson). */
const REFUSED = 'refused/'
/** Longer than any attempt takes (10 s per channel, in parallel): another run leaves the submission alone meanwhile. */
const LEASE_MS = 60_000
/** The Blobs client retries a failing write for up to 25 s; the visitor gets a 503 well before the form's 15 s. */
const STORE_DEADLINE_MS = 8_000
/** A scheduled function stops after 30 s: no new attempt starts past this, and one lasts 10 s at most. */
const RUN_BUDGET_MS = 15_000
const PARALLEL_ATTEMPTS = 8

export interface BlobsDeliveryOptions {
  settings: ServerlessDeliverySettings
  store: SubmissionStore
  fetch?: typeof globalThis.fetch
  logger?: DeliveryLogger
  now?: () => number
  random?: () => number
}

function isStoredSubmission(value: unknown): value is StoredSubmission {
  return isPendingSubmission(value) && typeof (value as Partial<StoredSubmission>).nextAttemptAt === 'number'
}

/**
 * A conditional write that landed. @netlify/blobs reports any failed conditional write but a 412 as
 * `{ modified: true, etag: '' }` (netlify/primitives#741): only an ETag proves the write.
 */
function landed({ modified, etag }: { modified: boolean; etag?: string }): boolean {
  return modified && Boolean(etag)
}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`pas de réponse de Netlify Blobs en ${ms / 1000} s`)), ms)
  })
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer))
}

/**
 * Netlify's durable delivery: the 201 waits until Netlify Blobs holds the submission; it is then tried at
 * once (after the answer when the platform offers `waitUntil`), and the scheduled function
 * (`retryStoredSubmissions`) tries again what is still there, with the same backoff as on Node. Each
 * entry records the channels it reached; it is deleted once every channel has it. Built per request.
 */
export function createBlobsDelivery(options: BlobsDeliveryOptions & { waitUntil?: (promise: Promise<unknown>) => void }): Delivery {
  const { settings, store, logger = console, now = Date.now, waitUntil } = options
  return {
    async accept(submission) {
      requireRoutes(submission, settings, logger)
      const entry: StoredSubmission = { submission, delivered: [], attempts: 0, nextAttemptAt: now() + LEASE_MS }
      let etag: string | undefined
      try {
        // Unconditional, so that a failure throws (a conditional one would not); the key is a fresh UUID.
        ;({ etag } = await withDeadline(store.setJSON(PENDING + submission.id, entry), STORE_DEADLINE_MS))
      } catch (error) {
        logger.error(`Livraison : Netlify Blobs n'a pas gardé la demande ${submission.id} (${submission.kind}) : ${errorMessage(error)}`)
        throw new DeliveryError('Netlify Blobs refused the submission', { cause: error })
      }
      const first = attemptStored(entry, etag, options)
      if (waitUntil) waitUntil(first)
      else await first
    },
    async close() {},
  }
}

interface AttemptResult {
  /** Every channel has it now: the entry is gone. */
  done: boolean
  /** Channels that failed this time. */
  failed: ChannelName[]
}

/** One attempt at a stored submission; never rejects: whatever goes wrong stays in the store for the next run. */
async function attemptStored(entry: StoredSubmission, etag: string | undefined, { settings, store, fetch = (...args) => globalThis.fetch(...args), logger = console, now = Date.now, random = Math.random }: BlobsDeliveryOptions): Promise<AttemptResult> {
  const { id, kind } = entry.submission
  const routes = serverlessRoutes(kind, settings)
  const outcome = await attemptChannels(entry, routes, createServerlessChannels(settings, fetch))
  const failed = outcome.failures.map(({ channel }) => channel)
  try {
    for (const refusal of outcome.refusals) {
      const reason = `${refusal.channel} refuse définitivement cette demande : ${refusal.message}`
      logger.error(`Livraison : ${reason} (demande ${id}, ${kind}) ; gardée dans Netlify Blobs sous ${REFUSED}${id}`)
      await store.setJSON(REFUSED + id, { ...entry, delivered: outcome.delivered, reason, failedAt: new Date(now()).toISOString() })
    }
    if (routes.length && !outcome.failures.length) {
      await store.delete(PENDING + id)
      if (entry.attempts) logger.info(`Livraison : demande ${id} (${kind}) remise après ${entry.attempts + 1} essais (${routes.join(', ')})`)
      return { done: true, failed }
    }
    const attempts = entry.attempts + 1
    const lastError = routes.length ? describeFailures(outcome.failures) : 'aucun canal configuré pour ce type de demande'
    const wait = retryDelayMs(attempts, settings.schedule, random)
    for (const failure of outcome.failures) if (failure.misconfigured) logger.error(`Livraison : ${failure.channel} refuse nos envois (${failure.message}) : vérifiez sa configuration`)
    logger.warn(`Livraison : demande ${id} (${kind}) non remise (${lastError}) ; essai ${attempts}, le suivant dans ${Math.ceil(wait / 1000)} s au plus tôt`)
    const next: StoredSubmission = { submission: entry.submission, delivered: outcome.delivered, attempts, lastError, nextAttemptAt: now() + wait }
    const written = await store.setJSON(PENDING + id, next, etag ? { onlyIfMatch: etag } : {})
    // Not modified: another run holds it now. Not written: it keeps its lease and comes back after it.
    if (written.modified && !written.etag) throw new Error("l'écriture n'a pas abouti")
  } catch (error) {
    logger.error(`Livraison : Netlify Blobs inaccessible pour la demande ${id} (${errorMessage(error)}) ; elle sera reprise par la fonction planifiée`)
  }
  return { done: false, failed }
}

export interface RetryRun {
  /** Submissions delivered to every channel during this run. */
  delivered: number
  /** Still in the store when the run ended (waiting for their time, or failed again). */
  pending: number
}

/**
 * The scheduled function's pass over the store: each due submission is leased (a conditional write, so two
 * runs never take the same one), then tried. A channel that fails is not called again during the run (one
 * timeout per run, not per submission), and no attempt starts once the run's budget is spent.
 */
export async function retryStoredSubmissions(options: BlobsDeliveryOptions & { budgetMs?: number }): Promise<RetryRun> {
  const { settings, store, logger = console, now = Date.now, budgetMs = RUN_BUDGET_MS } = options
  const started = now()
  const down = new Set<ChannelName>()
  const run: RetryRun = { delivered: 0, pending: 0 }

  async function retry(key: string): Promise<void> {
    const found = await store.getWithMetadata(key, { type: 'json', consistency: 'strong' })
    if (!found) return
    const entry: unknown = found.data
    if (!isStoredSubmission(entry)) {
      logger.error(`Livraison : entrée illisible dans Netlify Blobs (${key}) ; laissée en place`)
      return
    }
    const missing = serverlessRoutes(entry.submission.kind, settings).filter((name) => !entry.delivered.includes(name))
    if (entry.nextAttemptAt > now() || missing.some((name) => down.has(name))) {
      run.pending += 1
      return
    }
    // Conditional on the version read, so two runs never take the same entry (where the store gives ETags on reads).
    const leased = await store.setJSON(key, { ...entry, nextAttemptAt: now() + LEASE_MS }, found.etag ? { onlyIfMatch: found.etag } : {})
    if (!landed(leased)) return
    const { done, failed } = await attemptStored(entry, leased.etag, options)
    for (const channel of failed) down.add(channel)
    if (done) run.delivered += 1
    else run.pending += 1
  }

  for await (const page of store.list({ prefix: PENDING, paginate: true })) {
    const keys = page.blobs.map(({ key }) => key)
    for (let index = 0; index < keys.length; index += PARALLEL_ATTEMPTS) {
      if (now() - started > budgetMs) {
        run.pending += keys.length - index
        logger.info(`Livraison : la suite des demandes en attente sera reprise à la prochaine exécution`)
        return run
      }
      await Promise.all(
        keys.slice(index, index + PARALLEL_ATTEMPTS).map((key) =>
          retry(key).catch((error: unknown) => {
            run.pending += 1
            logger.error(`Livraison : Netlify Blobs inaccessible pour ${key} (${errorMessage(error)})`)
          }),
        ),
      )
    }
  }
  return run
}
