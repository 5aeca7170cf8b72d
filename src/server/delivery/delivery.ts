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

/** A submission could be neither delivered nor kept for a later attempt: the visitor must be told. */
export class DeliveryError extends Error {}

export interface Delivery {
  /**
   * Resolves once the submission is safe: delivered, or durably queued for retries. Rejects with a
   * DeliveryError when it is neither; the API then answers 503 and the form shows its error.
   */
  accept(submission: Submission): Promise<void>
  /** Stops retry timers when the server shuts down. */
  close(): Promise<void>
}

// The global Web Crypto, not node:crypto: the serverless path must bundle for Workers.
export function createSubmission(kind: SubmissionKind, data: Record<string, string>, now: Date = new Date()): Submission {
  return { id: crypto.randomUUID(), kind, receivedAt: now.toISOString(), data }
}
