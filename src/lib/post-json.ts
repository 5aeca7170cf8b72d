/** Contact and newsletter calls give up after 15 seconds (contract); the AI generation after 60. */
export const FORM_TIMEOUT_MS = 15_000

export interface PostResult<T> {
  ok: boolean
  status: number
  data: T | undefined
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
    return { ok: response.ok, status: response.status, data }
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', onAbort)
  }
}

/** A submission faster than this is held back until it has passed: bots fill forms instantly. */
export const MIN_FILL_TIME_MS = 2_000

export function waitForMinimumFillTime(startedAt: number, now: number = Date.now()): Promise<void> {
  const remaining = startedAt + MIN_FILL_TIME_MS - now
  return remaining > 0 ? new Promise((resolve) => setTimeout(resolve, remaining)) : Promise.resolve()
}

/**
 * Sends a visitor's form with the site's anti-bot rules: a filled honeypot is refused, a submission faster
 * than the minimum fill time is held back. Resolves to whether the API accepted it; never throws.
 */
export async function submitForm(url: string, body: unknown, { honeypot, startedAt }: { honeypot: string; startedAt: number }): Promise<boolean> {
  if (honeypot) return false
  await waitForMinimumFillTime(startedAt)
  try {
    return (await postJson(url, body)).ok
  } catch {
    return false
  }
}
