import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createApi, type ApiContext, type ApiOptions } from '#src/server/api/create-api'
import { createMemoryRateLimiter } from '#src/server/api/rate-limit'
import { DeliveryError, type Delivery, type Submission } from '#src/server/delivery/delivery'
import { generateExperience, GenerationError } from '#src/server/generator/generate-experience'

vi.mock('#src/server/generator/generate-experience', async (importOriginal) => {
  const actual = await importOriginal<typeof import('#src/server/generator/generate-experience')>()
  return { ...actual, generateExperience: vi.fn(actual.generateExperience) }
})

const SITE = 'https://www.ludora.fr'
const CONTACT = { firstName: 'Camille', name: 'Martin', email: 'camille@exemple.fr', phone: '', company: 'Lemoine', object: 'Devis', message: 'Un jeu de Noël pour nos trois boutiques.' }
const PERSON = { website: '', elapsedMs: 4_000 }
const GENERATION = { companyName: 'Lemoine', companyActivity: 'boulangerie', event: 'Noël', additionalInformation: '', gameType: 1, gameLanguage: 'fr', llmModel: 'fast' }

let delivered: Submission[]
let delivery: Delivery

beforeEach(() => {
  delivered = []
  delivery = { accept: async (submission) => void delivered.push(submission), close: async () => {} }
})

function makeApi({ delivery: chosenDelivery = delivery, rateLimiter = createMemoryRateLimiter({ limits: { contact: 5, newsletter: 5, generate: 10 } }), ...options }: Partial<ApiOptions & Omit<ApiContext, 'address'>> = {}) {
  const api = createApi({ allowedOrigins: new Set([SITE]), ...options })
  return (request: Request, { address }: { address: string }) => api(request, { address, delivery: chosenDelivery, rateLimiter })
}

type Api = ReturnType<typeof makeApi>

function call(api: Api, path: string, { method = 'POST', body, headers = {}, address = '203.0.113.1', signal }: { method?: string; body?: unknown; headers?: Record<string, string>; address?: string; signal?: AbortSignal } = {}) {
  const init: RequestInit = { method, headers: { 'content-type': 'application/json', ...headers }, signal }
  if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body)
  return api(new Request(`http://api.test/api${path}`, init), { address })
}

describe('the forms API', () => {
  it('delivers a contact request and a sign-up with their validated fields only, and answers 201', async () => {
    const api = makeApi()
    const contact = await call(api, '/contact', { body: { ...CONTACT, ...PERSON, firstName: '  Camille ' } })
    expect(contact.status).toBe(201)
    expect(await contact.json()).toEqual({ status: 'sent' })
    expect((await call(api, '/newsletter', { body: { email: 'lecteur@exemple.fr', ...PERSON } })).status).toBe(201)
    expect(delivered.map(({ kind, data }) => ({ kind, data }))).toEqual([
      { kind: 'contact', data: { ...CONTACT, firstName: 'Camille' } },
      { kind: 'newsletter', data: { email: 'lecteur@exemple.fr' } },
    ])
    expect(contact.headers.get('content-type')).toMatch(/^application\/json/)
    expect(contact.headers.get('cache-control')).toBe('no-store')
    expect(contact.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('answers 503 when a request can be neither delivered nor kept, so the form shows its error', async () => {
    const api = makeApi({ delivery: { accept: () => Promise.reject(new DeliveryError('every channel is down')), close: async () => {} } })
    const response = await call(api, '/contact', { body: { ...CONTACT, ...PERSON } })
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({ error: 'delivery_failed' })
  })
})

describe('bad input', () => {
  const HOSTILE_BODIES: [string, string][] = [
    ['a number where text is expected', JSON.stringify({ ...CONTACT, ...PERSON, firstName: 42 })],
    ['an array', JSON.stringify({ ...CONTACT, ...PERSON, email: ['camille@exemple.fr'] })],
    ['a nested object', JSON.stringify({ ...CONTACT, ...PERSON, message: { toString: 'x' } })],
    ['null', JSON.stringify({ ...CONTACT, ...PERSON, phone: null })],
    ['a boolean', JSON.stringify({ ...CONTACT, ...PERSON, company: true })],
    ['__proto__', `{"__proto__": {"admin": true}, "email": "camille@exemple.fr"}`],
    ['constructor', JSON.stringify({ ...CONTACT, ...PERSON, constructor: { prototype: { admin: true } } })],
    ['an unknown field', JSON.stringify({ ...CONTACT, ...PERSON, role: 'admin' })],
    ['a honeypot that is not text', JSON.stringify({ ...CONTACT, website: ['x'], elapsedMs: 4_000 })],
    ['a fill time that is not a number', JSON.stringify({ ...CONTACT, website: '', elapsedMs: '4000' })],
    ['a JSON array', '[]'],
    ['a JSON string', '"camille@exemple.fr"'],
    ['JSON null', 'null'],
    ['invalid JSON', '{"email": '],
    ['an empty body', ''],
  ]

  for (const [label, body] of HOSTILE_BODIES) {
    it(`answers 400 with French reasons to ${label}, never 500`, async () => {
      for (const path of ['/contact', '/newsletter', '/ai/generate']) {
        const response = await call(makeApi(), path, { body })
        expect(response.status, path).toBe(400)
        const answer = (await response.json()) as { error: string; reasons: Record<string, string> }
        expect(answer.error).toBe('invalid')
        expect(Object.keys(answer.reasons).length).toBeGreaterThan(0)
        for (const reason of Object.values(answer.reasons)) expect(reason).toMatch(/[a-zàéè]/i)
      }
      expect(delivered).toEqual([])
    })
  }

  it('names the field in error', async () => {
    const api = makeApi()
    const reasonsOf = async (body: unknown, path = '/contact') => ((await (await call(api, path, { body })).json()) as { reasons: Record<string, string> }).reasons
    expect(await reasonsOf({ ...CONTACT, ...PERSON, firstName: 42, email: [] })).toEqual({ firstName: 'Ce champ doit être du texte.', email: 'Ce champ doit être du texte.' })
    expect(await reasonsOf(JSON.parse('{"__proto__": {"admin": true}}'))).toEqual(Object.fromEntries([['__proto__', 'Ce nom de champ est interdit.']]))
    expect(await reasonsOf({ ...GENERATION, gameType: '1' }, '/ai/generate')).toEqual({ gameType: 'Ce champ doit être un nombre.' })
    expect(await reasonsOf({ ...CONTACT, ...PERSON, email: 'camille@', message: '' })).toEqual({
      email: 'Cette adresse e-mail ne semble pas valide (exemple : prenom@entreprise.fr).',
      message: 'Écrivez votre message.',
    })
  })

  it('applies the stricter field rules the form shows: control characters, < and > in names, HTML e-mail', async () => {
    const api = makeApi()
    const reasonsOf = async (fields: object) => ((await (await call(api, '/contact', { body: { ...CONTACT, ...PERSON, ...fields } })).json()) as { reasons: Record<string, string> }).reasons
    expect(await reasonsOf({ object: 'Devis\r\nBcc: tous@exemple.fr', firstName: 'Ca\u0000mille' })).toEqual({
      object: 'Ce champ contient des caractères invisibles : retapez-le sans copier-coller.',
      firstName: 'Ce champ contient des caractères invisibles : retapez-le sans copier-coller.',
    })
    expect(await reasonsOf({ name: '<img src=x>', company: 'Lemoine > Martin' })).toEqual({
      name: 'Les caractères < et > ne sont pas acceptés ici.',
      company: 'Les caractères < et > ne sont pas acceptés ici.',
    })
    expect(await reasonsOf({ email: 'camille@exemple..fr' })).toHaveProperty('email')
    expect(await reasonsOf({ email: 'camille"@exemple.fr' })).toHaveProperty('email')
    // A message keeps its line breaks.
    expect((await call(api, '/contact', { body: { ...CONTACT, ...PERSON, message: 'Bonjour,\n\tun jeu pour Noël, merci.' } })).status).toBe(201)
  })

  it('refuses a body over 32 KB with 413, whether its length is declared or not', async () => {
    const api = makeApi()
    expect((await call(api, '/contact', { body: { ...CONTACT, ...PERSON, message: 'x'.repeat(33 * 1024) } })).status).toBe(413)
    const chunk = new TextEncoder().encode('x'.repeat(1024))
    let sent = 0
    const stream = new ReadableStream<Uint8Array>({ pull: (controller) => (sent++ < 40 ? controller.enqueue(chunk) : controller.close()) })
    const request = new Request('http://api.test/api/contact', { method: 'POST', headers: { 'content-type': 'application/json' }, body: stream, duplex: 'half' } as RequestInit)
    expect((await api(request, { address: '203.0.113.1' })).status).toBe(413)
  })
})

describe('a client gone', () => {
  // What every platform sees when a visitor leaves, or a server cuts a client too slow, mid-body: the read
  // fails and the request's signal is aborted. Nothing went wrong on the server's side, and nobody reads the answer.
  it('is no server error: no log line, no 500', async () => {
    const client = new AbortController()
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"email":'))
        client.signal.addEventListener('abort', () => controller.error(new Error('aborted')))
      },
    })
    const request = new Request('http://api.test/api/newsletter', { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: client.signal, duplex: 'half' } as RequestInit)
    const answer = makeApi()(request, { address: '203.0.113.1' })
    client.abort()
    expect((await answer).status).toBe(408)
    expect(console.error).not.toHaveBeenCalled()
  })
})

describe('the order of the checks', () => {
  it('goes method, content type, origin, rate limit, validation, then anti-bot', async () => {
    const api = makeApi({ rateLimiter: createMemoryRateLimiter({ limits: { contact: 1, newsletter: 1, generate: 1 } }) })
    const hostile = { 'content-type': 'text/plain', origin: 'https://evil.example' }
    const get = await call(api, '/newsletter', { method: 'GET', headers: hostile })
    expect(get.status).toBe(405)
    expect(get.headers.get('allow')).toBe('POST, OPTIONS')
    expect((await call(api, '/newsletter', { body: '{oops', headers: hostile })).status).toBe(415)
    expect((await call(api, '/newsletter', { body: '{oops', headers: { origin: 'https://evil.example' } })).status).toBe(403)
    // The first allowed request spends the budget even though its body is bad…
    expect((await call(api, '/newsletter', { body: '{oops', headers: { origin: SITE } })).status).toBe(400)
    // …so the next is refused before its body is read.
    const limited = await call(api, '/newsletter', { body: '{oops', headers: { origin: SITE } })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await limited.json()).toEqual({ error: 'rate_limited', retryAfter: Number(limited.headers.get('retry-after')) })
  })

  it('accepts JSON with a charset, and refuses text/plain and form posts (what a cross-site form can send)', async () => {
    const api = makeApi()
    expect((await call(api, '/newsletter', { body: { email: 'a@exemple.fr', ...PERSON }, headers: { 'content-type': 'Application/JSON; charset=utf-8' } })).status).toBe(201)
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonp']) {
      expect((await call(api, '/newsletter', { body: { email: 'a@exemple.fr', ...PERSON }, headers: { 'content-type': type } })).status, type).toBe(415)
    }
    expect(delivered).toHaveLength(1)
  })

  it('answers 404 outside its routes', async () => {
    expect((await call(makeApi(), '/nope', { body: {} })).status).toBe(404)
  })
})

describe('origins', () => {
  it('lets the site and the configured origins call it cross-origin, with CORS headers, and no one else', async () => {
    const api = makeApi({ allowedOrigins: new Set([SITE, 'https://preview.ludora.fr']) })
    const preflight = await call(api, '/contact', { method: 'OPTIONS', headers: { origin: 'https://preview.ludora.fr', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://preview.ludora.fr')
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST')
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toBe('content-type')
    expect(preflight.headers.get('vary')).toContain('Origin')

    const post = await call(api, '/newsletter', { body: { email: 'a@exemple.fr', ...PERSON }, headers: { origin: SITE } })
    expect(post.status).toBe(201)
    expect(post.headers.get('access-control-allow-origin')).toBe(SITE)
    expect(post.headers.get('access-control-expose-headers')).toBe('Retry-After')

    const foreign = await call(api, '/contact', { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } })
    expect(foreign.status).toBe(403)
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
    expect((await call(api, '/contact', { body: { ...CONTACT, ...PERSON }, headers: { origin: 'null' } })).status).toBe(403)
  })

  it('lets a request without Origin through (no browser page sent it), still rate limited', async () => {
    const api = makeApi({ rateLimiter: createMemoryRateLimiter({ limits: { contact: 1, newsletter: 1, generate: 1 } }) })
    expect((await call(api, '/newsletter', { body: { email: 'a@exemple.fr', ...PERSON } })).status).toBe(201)
    expect((await call(api, '/newsletter', { body: { email: 'a@exemple.fr', ...PERSON } })).status).toBe(429)
  })

  it('on a platform, allows a page of its own origin', async () => {
    const api = makeApi({ allowSameOrigin: true })
    expect((await call(api, '/newsletter', { body: { email: 'a@exemple.fr', ...PERSON }, headers: { origin: 'http://api.test' } })).status).toBe(201)
    expect((await call(makeApi(), '/newsletter', { body: { email: 'a@exemple.fr', ...PERSON }, headers: { origin: 'http://api.test' } })).status).toBe(403)
  })
})

describe('rate limit', () => {
  it('counts per client and per route', async () => {
    const api = makeApi({ rateLimiter: createMemoryRateLimiter({ limits: { contact: 2, newsletter: 2, generate: 2 } }) })
    const signUp = (address: string) => call(api, '/newsletter', { body: { email: 'a@exemple.fr', ...PERSON }, address }).then((response) => response.status)
    expect([await signUp('198.51.100.1'), await signUp('198.51.100.1'), await signUp('198.51.100.1')]).toEqual([201, 201, 429])
    expect(await signUp('198.51.100.2')).toBe(201)
    expect((await call(api, '/contact', { body: { ...CONTACT, ...PERSON }, address: '198.51.100.1' })).status).toBe(201)
  })
})

describe('anti-bot checks', () => {
  it('give a bot the answer a person gets and deliver nothing', async () => {
    const api = makeApi()
    const person = await call(api, '/contact', { body: { ...CONTACT, ...PERSON } })
    const bots = await Promise.all([
      call(api, '/contact', { body: { ...CONTACT, website: 'https://spam.example', elapsedMs: 9_000 } }),
      call(api, '/contact', { body: { ...CONTACT, website: '', elapsedMs: 300 } }),
      call(api, '/contact', { body: CONTACT }),
      call(api, '/newsletter', { body: { email: 'bot@exemple.fr', website: 'x', elapsedMs: 9_000 } }),
      call(api, '/newsletter', { body: { email: 'bot@exemple.fr', website: '', elapsedMs: 1_999 } }),
    ])
    const personAnswer = await person.json()
    for (const bot of bots.slice(0, 3)) {
      expect(bot.status).toBe(201)
      expect(await bot.json()).toEqual(personAnswer)
    }
    for (const bot of bots.slice(3)) expect(await bot.json()).toEqual({ status: 'registered' })
    expect(delivered).toHaveLength(1)
  })

  it('come after validation: a bot with bad fields learns what a person would', async () => {
    const response = await call(makeApi(), '/contact', { body: { ...CONTACT, email: 'nope', website: 'x', elapsedMs: 0 } })
    expect(response.status).toBe(400)
  })
})

describe('generation', () => {
  it('answers an experience for a valid request', async () => {
    const response = await call(makeApi(), '/ai/generate', { body: GENERATION })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ kind: 'poll', language: 'fr' })
  })

  it('maps generator failures to their status, with Retry-After on a 503', async () => {
    const api = makeApi()
    vi.mocked(generateExperience).mockRejectedValueOnce(new GenerationError(503, 'Le modèle est saturé.', 30))
    const busy = await call(api, '/ai/generate', { body: GENERATION })
    expect(busy.status).toBe(503)
    expect(busy.headers.get('retry-after')).toBe('30')
    expect(await busy.json()).toEqual({ error: 'generation_failed', reasons: { generator: 'Le modèle est saturé.' } })
    vi.mocked(generateExperience).mockRejectedValueOnce(new GenerationError(504, 'Le modèle a mis trop de temps.'))
    expect((await call(api, '/ai/generate', { body: GENERATION })).status).toBe(504)
  })

  it('hands the request signal to the generator: a visitor who leaves stops the model call', async () => {
    let seen: AbortSignal | undefined
    vi.mocked(generateExperience).mockImplementationOnce(
      (_input, { signal } = {}) =>
        new Promise((_resolve, reject) => {
          seen = signal
          signal?.addEventListener('abort', () => reject(new GenerationError(504, 'Abandonné.')))
        }),
    )
    const visitor = new AbortController()
    const answer = call(makeApi(), '/ai/generate', { body: GENERATION, signal: visitor.signal })
    await vi.waitFor(() => expect(seen).toBeDefined())
    visitor.abort()
    expect(seen?.aborted).toBe(true)
    expect((await answer).status).toBe(504)
  })
})
