import path from 'node:path'
import { createBrevoChannel } from './brevo-channel'
import { ChannelMisconfigured, errorMessage, SubmissionRefused, type Channel } from './channel'
import { DeliveryError, type Delivery, type DeliveryLogger } from './delivery'
import { channelsFor, DeliveryConfigError, readDeliveryConfig, type ChannelName, type Env } from './delivery-config'
import { appendNdjson, createNdjsonLogChannel } from './ndjson-log'
import { createOutbox, type OutboxEntry } from './outbox'
import { readRetrySchedule, retryDelayMs } from './retry-schedule'
import { createSmtpChannel } from './smtp-channel'
import { createWebhookChannel } from './webhook-channel'

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export interface NodeDeliveryOptions {
  env: Env
  /** Holds `outbox/`, the ndjson logs and `refused.ndjson`. One server process per directory. */
  dataDir: string
  fetch?: typeof fetch
  /** Epoch milliseconds; with `timers`, lets tests drive the retry schedule. */
  now?: () => number
  timers?: Timers
  /** In [0, 1): the jitter of the backoff. */
  random?: () => number
  logger?: DeliveryLogger
  /** First retry after about `baseMs`, doubling up to `capMs`; by default DELIVERY_RETRY_BASE_SECONDS and DELIVERY_RETRY_MAX_SECONDS. */
  retry?: { baseMs?: number; capMs?: number }
  /** Past this many pending submissions, new ones are refused (503) rather than fill the disk. */
  maxPending?: number
}

const nodeTimers: Timers = {
  // Unref'd: a pending retry never keeps a finished process alive; the outbox keeps the submission.
  setTimeout: (callback, ms) => setTimeout(callback, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

/** Fresh ids remembered for an immediate attempt; beyond this the next scan of the directory finds them. */
const FRESH_LIMIT = 1000

/**
 * `npm start`'s delivery: each submission is written durably to `<dataDir>/outbox/` before `accept`
 * resolves, then a background worker hands it to every configured channel (the ndjson log when there is
 * none), remembers which channels succeeded, and retries the others with capped exponential backoff and
 * jitter until all have it, across restarts. See docs/decisions/019.
 */
export function createNodeDelivery({
  env,
  dataDir,
  fetch = (...args) => globalThis.fetch(...args),
  now = Date.now,
  timers = nodeTimers,
  random = Math.random,
  logger = console,
  retry = {},
  maxPending = 10_000,
}: NodeDeliveryOptions): Delivery {
  const { config, problems } = readDeliveryConfig(env)
  if (problems.length) throw new DeliveryConfigError(problems)
  const configured = readRetrySchedule(env)
  for (const problem of configured.problems) logger.warn(`Livraison : ${problem}`)
  const { baseMs = configured.schedule.baseMs, capMs = configured.schedule.capMs } = retry

  const smtp = config.smtp && createSmtpChannel(config.smtp)
  const channels: Partial<Record<ChannelName, Channel>> = {
    webhook: config.webhook && createWebhookChannel(config.webhook, { fetch }),
    brevo: config.brevo && createBrevoChannel(config.brevo, { fetch }),
    smtp,
    log: createNdjsonLogChannel(dataDir),
  }
  const outbox = createOutbox(path.join(dataDir, 'outbox'), logger)
  // Done before any write of this run: later, a `.tmp` file may be an accept in progress.
  const cleaned = outbox.removeTemporaries().catch((error: unknown) => {
    logger.error(`Livraison : nettoyage de ${outbox.dir} impossible (${errorMessage(error)})`)
  })
  const refusedLog = path.join(dataDir, 'refused.ndjson')

  const fresh: string[] = []
  const shutdown = new AbortController()
  let closed = false
  let pending = 0
  // The first scan retries everything at once: a restart often follows a fix of the configuration.
  let nextScanAt = 0
  let startupScan = true
  let wake: (() => void) | undefined
  /** Marks the entries this process has tried, so the startup pass tries each one once whatever the clock says. */
  const run = crypto.randomUUID()

  const backoff = (attempts: number) => retryDelayMs(attempts, { baseMs, capMs }, random)

  function sleepUntil(time: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const handle = timers.setTimeout(resolve, Math.max(0, Math.min(time, now() + capMs) - now()))
      wake = () => {
        timers.clearTimeout(handle)
        resolve()
      }
    }).then(() => {
      wake = undefined
    })
  }

  /** Hands the entry to each channel that lacks it; returns when to try again, or undefined once delivered. */
  async function attempt(entry: OutboxEntry, down: Set<ChannelName>): Promise<number | undefined> {
    const { id, kind } = entry.submission
    const routed = channelsFor(kind, config, 'node')
    const targets = routed.filter((name) => !entry.delivered.includes(name))
    const failures: string[] = []
    entry.lastAttemptAt = now()
    entry.run = run
    for (const name of targets) {
      if (closed) break
      if (down.has(name)) {
        failures.push(`${name} : indisponible pendant ce passage`)
        continue
      }
      try {
        await channels[name]!.send(entry.submission, shutdown.signal)
      } catch (error) {
        if (!(error instanceof SubmissionRefused)) {
          down.add(name)
          failures.push(`${name} : ${errorMessage(error)}`)
          const report = `Livraison : demande ${id} (${kind}) non remise par ${name} : ${errorMessage(error)}`
          if (error instanceof ChannelMisconfigured) logger.error(report)
          else logger.warn(report)
          continue
        }
        await appendNdjson(refusedLog, { ...entry.submission, channel: name, reason: errorMessage(error) })
        logger.error(`Livraison : ${name} refuse définitivement la demande ${id} (${kind}) : ${errorMessage(error)} ; gardée dans ${refusedLog}`)
      }
      entry.delivered.push(name)
      // Remembered before the next channel is tried, so a crash in between never sends this one twice.
      if (routed.some((other) => !entry.delivered.includes(other))) await outbox.save(entry)
    }
    if (targets.every((name) => entry.delivered.includes(name))) {
      await outbox.remove(id)
      pending = Math.max(0, pending - 1)
      if (entry.attempts) logger.info(`Livraison : demande ${id} (${kind}) remise après ${entry.attempts + 1} essais (${routed.join(', ')})`)
      return undefined
    }
    entry.attempts += 1
    entry.nextAttemptAt = now() + backoff(entry.attempts)
    entry.lastError = failures.join(' ; ')
    await outbox.save(entry)
    return entry.nextAttemptAt
  }

  async function attemptFresh(): Promise<void> {
    while (fresh.length && !closed) {
      const entry = await outbox.read(fresh.shift()!)
      // Gone (a scan delivered it) or already tried and waiting for its backoff.
      if (!entry || entry.nextAttemptAt > now()) continue
      const next = await attempt(entry, new Set())
      if (next !== undefined) nextScanAt = Math.min(nextScanAt, next)
    }
  }

  /** One pass over the directory, one entry in memory at a time; a channel that fails is spared for the rest of the pass. */
  async function scan(): Promise<void> {
    const ignoreBackoff = startupScan
    startupScan = false
    nextScanAt = now() + capMs
    const down = new Set<ChannelName>()
    let seen = 0
    for await (const id of outbox.ids()) {
      if (closed) return
      await attemptFresh()
      const entry = await outbox.read(id)
      if (!entry) continue
      seen += 1
      const due = entry.nextAttemptAt <= now() || (ignoreBackoff && entry.run !== run)
      const next = due ? await attempt(entry, down) : entry.nextAttemptAt
      if (next === undefined) seen -= 1
      else nextScanAt = Math.min(nextScanAt, next)
    }
    pending = seen
  }

  const worker = (async () => {
    await cleaned
    while (!closed) {
      try {
        // No await between the check of `fresh` and the sleep: an accept in between would not be heard.
        if (fresh.length) await attemptFresh()
        else if (now() >= nextScanAt) await scan()
        else await sleepUntil(nextScanAt)
      } catch (error) {
        logger.error(`Livraison : la file d'attente ${outbox.dir} est inaccessible (${errorMessage(error)}) ; nouvel essai plus tard`)
        nextScanAt = now() + baseMs
        if (!closed) await sleepUntil(nextScanAt)
      }
    }
  })()

  return {
    async accept(submission) {
      if (closed) throw new DeliveryError('Delivery is closed')
      if (pending >= maxPending) {
        logger.error(`Livraison : ${pending} demandes attendent déjà dans ${outbox.dir} ; la demande ${submission.id} est refusée`)
        throw new DeliveryError('Outbox full')
      }
      const entry: OutboxEntry = { submission, delivered: [], attempts: 0, lastAttemptAt: 0, nextAttemptAt: now() }
      await cleaned
      try {
        await outbox.add(entry)
      } catch (error) {
        // An id unfit for a file name is a bug in the caller, not a full disk.
        if (error instanceof TypeError) throw error
        logger.error(`Livraison : impossible d'écrire la demande ${submission.id} dans ${outbox.dir} (${errorMessage(error)})`)
        throw new DeliveryError('Outbox not writable', { cause: error })
      }
      pending += 1
      if (fresh.length < FRESH_LIMIT) fresh.push(submission.id)
      else nextScanAt = Math.min(nextScanAt, now())
      wake?.()
    },
    async close() {
      if (!closed) {
        closed = true
        shutdown.abort()
        wake?.()
      }
      await worker
      smtp?.close()
    },
  }
}
