import { describe, expect, it } from 'vitest'
import { DEFAULT_RETRY_SCHEDULE, readRetrySchedule, retryDelayMs, retryDelaySeconds } from '#src/server/delivery/retry-schedule'

describe('the retry schedule every platform shares', () => {
  it('reads DELIVERY_RETRY_BASE_SECONDS, DELIVERY_RETRY_MAX_SECONDS and DELIVERY_MAX_ATTEMPTS, keeping a default for what it cannot read', () => {
    expect(readRetrySchedule({})).toEqual({ schedule: DEFAULT_RETRY_SCHEDULE, problems: [] })
    expect(readRetrySchedule({ DELIVERY_RETRY_BASE_SECONDS: '1', DELIVERY_RETRY_MAX_SECONDS: '2', DELIVERY_MAX_ATTEMPTS: '5' })).toEqual({ schedule: { baseMs: 1_000, capMs: 2_000, maxAttempts: 5 }, problems: [] })
    expect(readRetrySchedule({ DELIVERY_RETRY_BASE_SECONDS: 'vite', DELIVERY_MAX_ATTEMPTS: '0' })).toEqual({
      schedule: DEFAULT_RETRY_SCHEDULE,
      problems: ['DELIVERY_RETRY_BASE_SECONDS : « vite » ignoré (attendu un nombre entier de 1 à 43200)', 'DELIVERY_MAX_ATTEMPTS : « 0 » ignoré (attendu un nombre entier de 1 à 1000)'],
    })
    expect(readRetrySchedule({ DELIVERY_RETRY_BASE_SECONDS: '600', DELIVERY_RETRY_MAX_SECONDS: '60' }).problems).toEqual([
      'DELIVERY_RETRY_MAX_SECONDS est plus petit que DELIVERY_RETRY_BASE_SECONDS : les deux valeurs par défaut sont gardées',
    ])
  })

  it('doubles the wait at each failure up to the cap, with a jitter of half of it at most', () => {
    const schedule = { baseMs: 15_000, capMs: 3_600_000 }
    expect([1, 2, 3, 9, 50].map((attempts) => Math.round(retryDelayMs(attempts, schedule, () => 0.999999)))).toEqual([15_000, 30_000, 60_000, 3_599_998, 3_599_998])
    expect(retryDelayMs(1, schedule, () => 0)).toBe(7_500)
    // Whole seconds for Cloudflare Queues, never 0 (no wait) and never past its 12 hours.
    expect(retryDelaySeconds(1, { baseMs: 100, capMs: 100 }, () => 0)).toBe(1)
    expect(retryDelaySeconds(40, { baseMs: 15_000, capMs: 86_400_000 }, () => 0.999999)).toBe(43_200)
  })
})
