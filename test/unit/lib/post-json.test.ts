import { afterEach, describe, expect, it, vi } from 'vitest'
import { postJson, submitForm } from '#src/lib/post-json'

afterEach(() => vi.useRealTimers())

describe('form submission', () => {
  it('sends the honeypot and the fill time for the API to judge', async () => {
    vi.useFakeTimers({ now: 20_000 })
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response('{}', { status: 201 }))
    vi.stubGlobal('fetch', fetchMock)
    expect(await submitForm('/api/contact', { email: 'a@b.fr' }, { honeypot: 'http://spam', startedAt: 12_000 })).toEqual({ status: 'sent' })
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1].body))).toEqual({ email: 'a@b.fr', website: 'http://spam', elapsedMs: 8_000 })
  })

  it('holds a too-fast submission back until 2 s after the form appeared', async () => {
    vi.useFakeTimers({ now: 10_000 })
    const fetchMock = vi.fn(async () => new Response('{}', { status: 201 }))
    vi.stubGlobal('fetch', fetchMock)
    const sent = submitForm('/api/newsletter', { email: 'a@b.fr' }, { honeypot: '', startedAt: 9_500 })
    await vi.advanceTimersByTimeAsync(1_400)
    expect(fetchMock).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(200)
    expect(await sent).toEqual({ status: 'sent' })
  })

  it('never sends a fill time under 2 s when its timer fires before the clock it reports has moved on', async () => {
    // Firefox: the timer ran out a millisecond before Date.now() did, and the API took the visitor for a bot.
    let clock = 10_000
    vi.spyOn(Date, 'now').mockImplementation(() => clock)
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response('{}', { status: 201 }))
    vi.stubGlobal('fetch', fetchMock)
    const sent = submitForm('/api/newsletter', { email: 'a@b.fr' }, { honeypot: '', startedAt: 9_500 })
    clock = 11_499
    await vi.advanceTimersByTimeAsync(1_500)
    clock = 11_500
    await vi.advanceTimersByTimeAsync(1)
    expect(await sent).toEqual({ status: 'sent' })
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1].body)).elapsedMs).toBeGreaterThanOrEqual(2_000)
  })

  it('turns a 429 into the number of seconds to wait', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 429, headers: { 'retry-after': '42' } })))
    expect(await submitForm('/api/contact', {}, { honeypot: '', startedAt: 0 })).toEqual({ status: 'rate-limited', retryAfterSeconds: 42 })
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 429 })))
    expect(await submitForm('/api/contact', {}, { honeypot: '', startedAt: 0 })).toEqual({ status: 'rate-limited', retryAfterSeconds: 60 })
  })

  it('reports refusals and network failures as not sent, and never throws', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 400 })))
    expect(await submitForm('/api/contact', {}, { honeypot: '', startedAt: 0 })).toEqual({ status: 'failed' })
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))))
    expect(await submitForm('/api/contact', {}, { honeypot: '', startedAt: 0 })).toEqual({ status: 'failed' })
  })

  it('gives up after its timeout instead of hanging', async () => {
    vi.useFakeTimers()
    vi.stubGlobal('fetch', vi.fn((_url: string, init: RequestInit) => new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)))))
    const request = postJson('/api/contact', {}, { timeoutMs: 15_000 })
    const outcome = expect(request).rejects.toMatchObject({ name: 'TimeoutError' })
    await vi.advanceTimersByTimeAsync(15_000)
    await outcome
  })
})
