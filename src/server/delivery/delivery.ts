import type { ChannelName } from './delivery-config'

export type SubmissionKind = 'contact' | 'newsletter'

/** A validated contact request or sign-up, as every delivery channel receives it. */
export interface Submission {
  /** Unique per submission: receivers can use it to ignore a retried duplicate. */
  id: string
  kind: SubmissionKind
  receivedAt: string
  /** The validated fields only (no honeypot, no fill time). */
  data: Record<string, string>
}

/** A submission on its way, as every durable store keeps it: Node's outbox, a Cloudflare Queue message, a Netlify blob. */
export interface PendingSubmission {
  submission: Submission
  /** Channels that already hold it: a retry skips them. */
  delivered: ChannelName[]
  /** Attempts that failed so far. */
  attempts: number
  lastError?: string
}

const CHANNEL_NAMES: ReadonlySet<unknown> = new Set<ChannelName>(['webhook', 'smtp', 'brevo', 'log'])

/** Checks what comes back from a store or a queue before it is trusted as a pending submission. */
export function isPendingSubmission(value: unknown): value is PendingSubmission {
  if (typeof value !== 'object' || value === null) return false
  const { submission, delivered, attempts } = value as Partial<PendingSubmission>
  return (
    typeof submission === 'object' &&
    submission !== null &&
    typeof submission.id === 'string' &&
    (submission.kind === 'contact' || submission.kind === 'newsletter') &&
    typeof submission.receivedAt === 'string' &&
    typeof submission.data === 'object' &&
    submission.data !== null &&
    Object.values(submission.data).every((field) => typeof field === 'string') &&
    Array.isArray(delivered) &&
    delivered.every((name) => CHANNEL_NAMES.has(name)) &&
    typeof attempts === 'number'
  )
}

/** A submission could be neither delivered nor kept for a later attempt: the visitor must be told. */
export class DeliveryError extends Error {}

export interface Delivery {
  /**
   * Resolves once the submission is safe: delivered, or durably queued for retries. Rejects with a
   * DeliveryError when it is neither; the API then answers 503 and the form shows its error.
   */
  accept(submission: Submission): Promise<void>
  /** Stops retry timers when the server shuts down; whatever is still pending stays queued. */
  close(): Promise<void>
}

/** Where delivery writes what it has to say to the operator (never the visitor's personal data). */
export type DeliveryLogger = Pick<Console, 'info' | 'warn' | 'error'>

// The global Web Crypto, not node:crypto: the serverless path must bundle for Workers.
export function createSubmission(kind: SubmissionKind, data: Record<string, string>, now: Date = new Date()): Submission {
  return { id: crypto.randomUUID(), kind, receivedAt: now.toISOString(), data }
}
