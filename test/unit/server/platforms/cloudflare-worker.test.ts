import { rm } from 'node:fs/promises'
import path from 'node:path'
import { Miniflare } from 'miniflare'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bundlePlatform, CONTACT, GENERATION, PERSON } from './support/platform-bundle'

const SITE = 'https://www.ludora.fr'
let worker: Miniflare
let bundle: string
let deliveries: { kind: string; data: Record<string, string> }[]
let deliveryDown = false

beforeAll(async () => {
  bundle = await bundlePlatform('cloudflare')
  deliveries = []
  // workerd, Cloudflare's runtime, runs the bundle as `wrangler deploy` would upload it.
  worker = new Miniflare({
    modules: true,
    scriptPath: bundle,
    modulesRoot: path.dirname(bundle),
    compatibilityDate: '2025-07-18',
    bindings: { SITE_URL: SITE, TEST_DELIVERY_URL: 'https://delivery.test/', API_RATE_LIMITS: 'newsletter=3' },
    ratelimits: { CONTACT_RATE_LIMITER: { simple: { limit: 3, period: 60 } } },
    outboundService: async (request) => {
      if (deliveryDown) return new Response('down', { status: 502 })
      deliveries.push((await request.json()) as (typeof deliveries)[number])
      return new Response(null, { status: 204 })
    },
  })
}, 60_000)

afterAll(async () => {
  await worker?.dispose()
  if (bundle) await rm(path.dirname(bundle), { recursive: true, force: true })
})

function post(endpoint: string, body: unknown, headers: Record<string, string> = {}) {
  return worker.dispatchFetch(`https://api.ludora.fr/api${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: SITE, 'cf-connecting-ip': '203.0.113.7', ...headers },
    body: JSON.stringify(body),
  })
}

describe('the API as a Cloudflare Worker (workerd via Miniflare)', () => {
  it('takes a contact request, a sign-up and a generation', async () => {
    const contact = await post('/contact', { ...CONTACT, ...PERSON })
    expect(contact.status).toBe(201)
    expect(contact.headers.get('access-control-allow-origin')).toBe(SITE)
    expect((await post('/newsletter', { email: 'lecteur@exemple.fr', ...PERSON })).status).toBe(201)
    const generated = await post('/ai/generate', GENERATION)
    expect(generated.status).toBe(200)
    expect(await generated.json()).toMatchObject({ kind: 'quiz', language: 'fr' })
    expect(deliveries.map(({ kind, data }) => [kind, data.email])).toEqual([
      ['contact', 'camille@exemple.fr'],
      ['newsletter', 'lecteur@exemple.fr'],
    ])
  })

  it('refuses other content types, other origins and bad bodies, and answers preflights', async () => {
    expect((await post('/contact', { ...CONTACT, ...PERSON }, { 'content-type': 'text/plain' })).status).toBe(415)
    expect((await post('/contact', { ...CONTACT, ...PERSON }, { origin: 'https://evil.example' })).status).toBe(403)
    expect((await post('/contact', { ...CONTACT, ...PERSON, firstName: ['x'] }, { 'cf-connecting-ip': '203.0.113.8' })).status).toBe(400)
    const preflight = await worker.dispatchFetch('https://api.ludora.fr/api/contact', { method: 'OPTIONS', headers: { origin: SITE, 'access-control-request-method': 'POST' } })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SITE)
  })

  it('rate limits through the platform binding, and in memory where there is none', async () => {
    const contacts: number[] = []
    for (let index = 0; index < 4; index++) contacts.push((await post('/contact', { ...CONTACT, ...PERSON }, { 'cf-connecting-ip': '198.51.100.20' })).status)
    expect(contacts).toEqual([201, 201, 201, 429])
    const signUps: number[] = []
    for (let index = 0; index < 4; index++) signUps.push((await post('/newsletter', { email: 'a@exemple.fr', ...PERSON }, { 'cf-connecting-ip': '198.51.100.21' })).status)
    expect(signUps).toEqual([201, 201, 201, 429])
    const limited = await post('/newsletter', { email: 'a@exemple.fr', ...PERSON }, { 'cf-connecting-ip': '198.51.100.21' })
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(limited.headers.get('access-control-expose-headers')).toBe('Retry-After')
  })

  it('answers 503 when the delivery fails, so the form shows the e-mail fallback', async () => {
    deliveryDown = true
    try {
      expect((await post('/contact', { ...CONTACT, ...PERSON }, { 'cf-connecting-ip': '198.51.100.30' })).status).toBe(503)
    } finally {
      deliveryDown = false
    }
  })
})
