/** Contact and newsletter calls give up after 15 seconds (contract); the AI generation after 60. */
export const FORM_TIMEOUT_MS = 15_000

export interface PostResult<T> {
  ok: boolean
  status: number
  data: T | undefined
  /** The `Retry-After` header of a 429 or 503, as sent. */
  retryAfter: string | null
}

/**
 * POSTs JSON and never hangs: the request is aborted after `timeoutMs` or when `signal` aborts, and the
 * returned promise then rejects. A non-2xx answer resolves with `ok: false`.
 */
export async function postJson<T>(url: string, body: unknown, { timeoutMs = FORM_TIMEOUT_MS, signal }: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<PostResult<T>> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(new DOMException('Timed out', 'TimeoutError')), timeoutMs)
  const onAbort = () => controller.abort(signal?.reason)
  signal?.addEventListener('abort', onAbort)
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: controller.signal,
    })
    let data: T | undefined
    try {
      data = (await response.json()) as T
    } catch {
      data = undefined
    }
    return { ok: response.ok, status: response.status, data, retryAfter: response.headers.get('retry-after') }
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', onAbort)
  }
}

/** A submission faster than this is held back until it has passed: bots fill forms instantly. */
export const MIN_FILL_TIME_MS = 2_000

/**
 * Resolves once `Date.now()` says the minimum fill time has passed since `startedAt`. Timers do not run on
 * that clock: Firefox fired one a millisecond before `Date.now()` reached its end, the form then sent an
 * `elapsedMs` of 1 999, and the API took a person for a bot (success shown, nothing delivered). So the
 * clock the API is sent is asked again after each wait.
 */
export async function waitForMinimumFillTime(startedAt: number, now: () => number = Date.now): Promise<void> {
  for (let remaining = startedAt + MIN_FILL_TIME_MS - now(); remaining > 0; remaining = startedAt + MIN_FILL_TIME_MS - now()) {
    await new Promise((resolve) => setTimeout(resolve, remaining))
  }
}

/** What a form shows after sending: its success, a French "try again in n seconds", or the seed's error. */
export type SubmitOutcome = { status: 'sent' } | { status: 'rate-limited'; retryAfterSeconds: number } | { status: 'failed' }

/** `Retry-After` in seconds (the API sends seconds; an HTTP date or nonsense falls back to a minute). */
export function retryAfterSeconds(data: unknown, header: string | null): number {
  const fromHeader = Number(header)
  if (Number.isFinite(fromHeader) && fromHeader > 0) return Math.ceil(fromHeader)
  const fromBody = typeof data === 'object' && data !== null ? Number((data as { retryAfter?: unknown }).retryAfter) : NaN
  return Number.isFinite(fromBody) && fromBody > 0 ? Math.ceil(fromBody) : 60
}

/**
 * Sends a visitor's form with the site's anti-bot signals: the honeypot field (`website`) and the time the
 * form took to fill (`elapsedMs`), both judged by the API. A submission faster than the minimum fill time
 * is held back until it has passed, so a person is never mistaken for a bot. Never throws.
 */
export async function submitForm(url: string, body: Record<string, unknown>, { honeypot, startedAt }: { honeypot: string; startedAt: number }): Promise<SubmitOutcome> {
  await waitForMinimumFillTime(startedAt)
  try {
    const result = await postJson(url, { ...body, website: honeypot, elapsedMs: Date.now() - startedAt })
    if (result.ok) return { status: 'sent' }
    if (result.status === 429) return { status: 'rate-limited', retryAfterSeconds: retryAfterSeconds(result.data, result.retryAfter) }
    return { status: 'failed' }
  } catch {
    return { status: 'failed' }
  }
}
