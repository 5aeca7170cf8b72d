import type { Submission } from './delivery'
import type { ChannelName } from './delivery-config'

/**
 * One way to reach a person. `send` resolves once the receiver holds the submission, and throws otherwise.
 * `signal` cancels it (a server shutting down); without one only the channel's own deadline does.
 */
export interface Channel {
  name: ChannelName
  send(submission: Submission, signal?: AbortSignal): Promise<void>
}

/** The receiver refused this very submission for good (an address the provider deems invalid): retrying cannot help. */
export class SubmissionRefused extends Error {}

/** The receiver refuses us, whatever the submission (bad key, unknown list): an operator must act. */
export class ChannelMisconfigured extends Error {}

export const DELIVERY_ID_HEADER = 'X-Ludora-Delivery-Id'
export const HTTP_TIMEOUT_MS = 10_000
/** Enough for any error message; a receiver cannot make us buffer more. */
const MAX_RESPONSE_CHARS = 4096

interface HttpAnswer {
  status: number
  text: string
}

async function readBounded(response: Response): Promise<string> {
  if (!response.body) return ''
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  while (text.length < MAX_RESPONSE_CHARS) {
    const { done, value } = await reader.read()
    if (done) return text + decoder.decode()
    text += decoder.decode(value, { stream: true })
  }
  await reader.cancel()
  return text.slice(0, MAX_RESPONSE_CHARS)
}

/**
 * One POST with a deadline. Redirects are not followed: fetch would turn the POST into a GET and drop the
 * body, so a moved endpoint shows up as a failure to fix rather than a silent loss.
 */
export async function postWithTimeout(
  fetchImpl: typeof fetch,
  url: string,
  { headers, body, signal, timeoutMs }: { headers: Record<string, string>; body: Uint8Array<ArrayBuffer> | string; signal?: AbortSignal; timeoutMs: number },
): Promise<HttpAnswer> {
  // Created here, inside the call: on Workers a signal made while serving one request cannot serve another.
  const deadline = AbortSignal.timeout(timeoutMs)
  try {
    const response = await fetchImpl(url, { method: 'POST', headers, body, redirect: 'manual', signal: signal ? AbortSignal.any([signal, deadline]) : deadline })
    return { status: response.status, text: await readBounded(response) }
  } catch (error) {
    if (deadline.aborted) throw new Error(`pas de réponse en ${(timeoutMs / 1000).toLocaleString('fr-FR')} s`)
    throw error
  }
}

export function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message + (error.cause instanceof Error ? ` (${error.cause.message})` : '') : String(error)
  return message.slice(0, 300)
}
