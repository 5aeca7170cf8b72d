import { rm } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bundlePlatform, CONTACT, GENERATION, PERSON } from './support/platform-bundle'

type NetlifyHandler = (request: Request, context: object) => Promise<Response>

const SITE = 'https://www.ludora.fr'
let main: string
let handler: NetlifyHandler
let config: { path: string }
let recorder: http.Server
let deliveries: { kind: string; data: Record<string, string> }[]

beforeAll(async () => {
  deliveries = []
  recorder = http.createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk))
    request.on('end', () => {
      deliveries.push(JSON.parse(body) as (typeof deliveries)[number])
      response.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve))
  // Netlify exposes the site's variables through its `Netlify` global (process.env holds them too). Set for
  // the whole file, not per test: the function reads them once per instance, as on Netlify.
  Object.assign(globalThis, {
    Netlify: { env: { toObject: () => ({ SITE_URL: SITE, API_RATE_LIMITS: 'contact=3', TEST_DELIVERY_URL: `http://127.0.0.1:${(recorder.address() as AddressInfo).port}/` }) } },
  })
  main = await bundlePlatform('netlify')
  const module = (await import(pathToFileURL(main).href)) as { default: NetlifyHandler; config: { path: string } }
  handler = module.default
  config = module.config
}, 60_000)

afterAll(async () => {
  delete (globalThis as { Netlify?: unknown }).Netlify
  await new Promise((resolve) => recorder?.close(resolve))
  if (main) await rm(path.dirname(main), { recursive: true, force: true })
})

/** The context Netlify hands a v2 function (the fields its documentation lists). */
function netlifyContext(ip: string) {
  return {
    ip,
    requestId: '01JEXAMPLE',
    geo: { city: 'Nantes', country: { code: 'FR', name: 'France' } },
    site: { id: 'site-id', name: 'ludora', url: SITE },
    deploy: { context: 'production', id: 'deploy-id', published: true },
    account: { id: 'account-id' },
    server: { region: 'eu-central-1' },
    params: {},
    cookies: { get: () => undefined, set: () => {}, delete: () => {} },
    waitUntil: () => {},
  }
}

function post(endpoint: string, body: unknown, { headers = {}, ip = '203.0.113.7' }: { headers?: Record<string, string>; ip?: string } = {}) {
  const request = new Request(`${SITE}/api${endpoint}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: SITE, ...headers }, body: JSON.stringify(body) })
  return handler(request, netlifyContext(ip))
}

describe('the API as a Netlify Function (v2, bundled as Netlify loads it)', () => {
  it('declares its route literally, as Netlify reads it without running the module', () => {
    expect(config).toEqual({ path: '/api/*' })
  })

  it('takes a contact request, a sign-up and a generation', async () => {
    expect((await post('/contact', { ...CONTACT, ...PERSON })).status).toBe(201)
    expect((await post('/newsletter', { email: 'lecteur@exemple.fr', ...PERSON })).status).toBe(201)
    const generated = await post('/ai/generate', GENERATION)
    expect(generated.status).toBe(200)
    expect(await generated.json()).toMatchObject({ kind: 'quiz' })
    expect(deliveries.map(({ kind, data }) => [kind, data.email])).toEqual([
      ['contact', 'camille@exemple.fr'],
      ['newsletter', 'lecteur@exemple.fr'],
    ])
  })

  it('refuses other content types and other origins, and limits each client by the address Netlify saw', async () => {
    expect((await post('/contact', { ...CONTACT, ...PERSON }, { headers: { 'content-type': 'text/plain' } })).status).toBe(415)
    expect((await post('/contact', { ...CONTACT, ...PERSON }, { headers: { origin: 'https://evil.example' } })).status).toBe(403)
    const statuses: number[] = []
    for (let index = 0; index < 4; index++) statuses.push((await post('/contact', { ...CONTACT, ...PERSON }, { ip: '198.51.100.40', headers: { 'x-forwarded-for': `10.0.0.${index}` } })).status)
    expect(statuses).toEqual([201, 201, 201, 429])
    expect((await post('/contact', { ...CONTACT, ...PERSON }, { ip: '198.51.100.41' })).status).toBe(201)
  })
})
