import type { Env } from './delivery-config'

/** When a failed delivery is tried again, on every platform (README, "Livraison des demandes"). */
export interface RetrySchedule {
  /** The first retry comes after about this long, then the wait doubles at each failure... */
  baseMs: number
  /** ...up to this. */
  capMs: number
  /** Cloudflare only: past this many attempts a submission goes to the dead-letter queue. */
  maxAttempts: number
}

export const DEFAULT_RETRY_SCHEDULE: RetrySchedule = { baseMs: 15_000, capMs: 3_600_000, maxAttempts: 40 }

/** Cloudflare Queues delays a message by at most 12 hours. */
const MAX_DELAY_SECONDS = 43_200

function wholeNumber(env: Env, name: string, { min, max }: { min: number; max: number }, problems: string[]): number | undefined {
  const value = env[name]?.trim()
  if (!value) return undefined
  if (/^\d+$/.test(value) && Number(value) >= min && Number(value) <= max) return Number(value)
  problems.push(`${name} : « ${value} » ignoré (attendu un nombre entier de ${min} à ${max})`)
  return undefined
}

/** DELIVERY_RETRY_BASE_SECONDS, DELIVERY_RETRY_MAX_SECONDS, DELIVERY_MAX_ATTEMPTS; what cannot be read keeps its default and is listed. */
export function readRetrySchedule(env: Env): { schedule: RetrySchedule; problems: string[] } {
  const problems: string[] = []
  const base = wholeNumber(env, 'DELIVERY_RETRY_BASE_SECONDS', { min: 1, max: MAX_DELAY_SECONDS }, problems)
  const cap = wholeNumber(env, 'DELIVERY_RETRY_MAX_SECONDS', { min: 1, max: MAX_DELAY_SECONDS }, problems)
  const maxAttempts = wholeNumber(env, 'DELIVERY_MAX_ATTEMPTS', { min: 1, max: 1000 }, problems) ?? DEFAULT_RETRY_SCHEDULE.maxAttempts
  const baseMs = base === undefined ? DEFAULT_RETRY_SCHEDULE.baseMs : base * 1000
  const capMs = cap === undefined ? Math.max(DEFAULT_RETRY_SCHEDULE.capMs, baseMs) : cap * 1000
  if (capMs < baseMs) {
    problems.push('DELIVERY_RETRY_MAX_SECONDS est plus petit que DELIVERY_RETRY_BASE_SECONDS : les deux valeurs par défaut sont gardées')
    return { schedule: { ...DEFAULT_RETRY_SCHEDULE, maxAttempts }, problems }
  }
  return { schedule: { baseMs, capMs, maxAttempts }, problems }
}

/**
 * The wait before the next try once `attempts` have failed: doubling from `baseMs`, capped, times a
 * jitter in [0.5, 1) so that submissions failed together do not all come back at the same instant.
 */
export function retryDelayMs(attempts: number, { baseMs, capMs }: Pick<RetrySchedule, 'baseMs' | 'capMs'>, random: () => number = Math.random): number {
  return Math.min(capMs, baseMs * 2 ** Math.min(Math.max(attempts, 1) - 1, 30)) * (0.5 + random() / 2)
}

/** The same wait in whole seconds, as Cloudflare Queues takes it (at least 1 s, at most 12 h). */
export function retryDelaySeconds(attempts: number, schedule: Pick<RetrySchedule, 'baseMs' | 'capMs'>, random?: () => number): number {
  return Math.min(MAX_DELAY_SECONDS, Math.max(1, Math.ceil(retryDelayMs(attempts, schedule, random) / 1000)))
}
