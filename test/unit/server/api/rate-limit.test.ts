import { describe, expect, it } from 'vitest'
import { createBindingRateLimiter, createMemoryRateLimiter, type RateLimitBinding } from '#src/server/api/rate-limit'

const LIMITS = { contact: 5, newsletter: 5, generate: 10 }

describe('token bucket rate limiter', () => {
  it('allows a minute’s budget at once, then one request each 60/limit seconds, and says when', () => {
    let time = 0
    const limiter = createMemoryRateLimiter({ limits: LIMITS, now: () => time })
    for (let index = 0; index < 5; index++) expect(limiter.take('contact', '203.0.113.1')).toEqual({ allowed: true })
    expect(limiter.take('contact', '203.0.113.1')).toEqual({ allowed: false, retryAfterSeconds: 12 })
    time = 6_000
    expect(limiter.take('contact', '203.0.113.1')).toEqual({ allowed: false, retryAfterSeconds: 6 })
    time = 12_000
    expect(limiter.take('contact', '203.0.113.1')).toEqual({ allowed: true })
    expect(limiter.take('contact', '203.0.113.1')).toEqual({ allowed: false, retryAfterSeconds: 12 })
    // Generations have their own, larger budget.
    for (let index = 0; index < 10; index++) expect(limiter.take('generate', '203.0.113.1').allowed).toBe(true)
    expect(limiter.take('generate', '203.0.113.1').allowed).toBe(false)
  })

  it('keeps a bounded number of buckets under a flood of distinct addresses, the least recently used going first', () => {
    const limiter = createMemoryRateLimiter({ limits: LIMITS, maxClients: 1_000 })
    for (let index = 0; index < 5; index++) limiter.take('contact', 'patient')
    expect(limiter.take('contact', 'patient').allowed).toBe(false)
    for (let index = 0; index < 100_000; index++) {
      limiter.take('newsletter', `10.${index >> 16}.${(index >> 8) & 255}.${index & 255}`)
      // A client that keeps coming back stays tracked.
      if (index % 500 === 0) limiter.take('contact', 'patient')
    }
    expect(limiter.size()).toBe(1_000)
    expect(limiter.take('contact', 'patient').allowed).toBe(false)
  })
})

describe('platform binding rate limiter', () => {
  it('asks the binding for routes that have one, keyed by route and client, and falls back for the others', async () => {
    const keys: string[] = []
    const binding: RateLimitBinding = { limit: async ({ key }) => (keys.push(key), { success: keys.length < 2 }) }
    const limiter = createBindingRateLimiter({ contact: binding }, createMemoryRateLimiter({ limits: { ...LIMITS, newsletter: 1 } }))
    expect(await limiter.take('contact', '203.0.113.1')).toEqual({ allowed: true })
    expect(await limiter.take('contact', '203.0.113.1')).toEqual({ allowed: false, retryAfterSeconds: 60 })
    expect(keys).toEqual(['contact 203.0.113.1', 'contact 203.0.113.1'])
    expect(await limiter.take('newsletter', '203.0.113.1')).toEqual({ allowed: true })
    expect(await limiter.take('newsletter', '203.0.113.1')).toMatchObject({ allowed: false })
  })
})
