import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BUILD_CHECK_INTERVAL_MS, startFreshnessCheck } from '#src/features/build-freshness/freshness-check'

const HOUR = 60 * 60 * 1000

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('build freshness check', () => {
  it('checks first after one hour, then every 60 minutes, and stops once the id changed', async () => {
    expect(BUILD_CHECK_INTERVAL_MS).toBe(HOUR)
    const answers = [{ id: 'a', timestamp: 1 }, { id: 'a', timestamp: 1 }, { id: 'b', timestamp: 2 }]
    const fetchLatest = vi.fn(async () => answers.shift())
    const onStale = vi.fn()
    startFreshnessCheck({ currentId: 'a', fetchLatest, onStale })
    await vi.advanceTimersByTimeAsync(HOUR - 1)
    expect(fetchLatest).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(fetchLatest).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(HOUR)
    expect(fetchLatest).toHaveBeenCalledTimes(2)
    expect(onStale).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(HOUR)
    expect(onStale).toHaveBeenCalledWith({ id: 'b', timestamp: 2 })
    await vi.advanceTimersByTimeAsync(5 * HOUR)
    expect(fetchLatest).toHaveBeenCalledTimes(3)
  })

  it('ignores failures and unreadable answers and keeps polling', async () => {
    const fetchLatest = vi
      .fn<() => Promise<{ id: string; timestamp: number } | undefined>>()
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValueOnce(undefined)
      .mockResolvedValueOnce({ id: 'next', timestamp: 3 })
    const onStale = vi.fn()
    startFreshnessCheck({ currentId: 'current', fetchLatest, onStale })
    await vi.advanceTimersByTimeAsync(3 * HOUR)
    expect(fetchLatest).toHaveBeenCalledTimes(3)
    expect(onStale).toHaveBeenCalledTimes(1)
  })

  it('can be stopped', async () => {
    const fetchLatest = vi.fn(async () => ({ id: 'a', timestamp: 1 }))
    const stop = startFreshnessCheck({ currentId: 'a', fetchLatest, onStale: vi.fn() })
    stop()
    await vi.advanceTimersByTimeAsync(3 * HOUR)
    expect(fetchLatest).not.toHaveBeenCalled()
  })
})
