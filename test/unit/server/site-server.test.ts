import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { generateExperience, GenerationError } from '#src/server/generator/generate-experience'
import { startSiteServer, type SiteServer } from '#src/server/main'

vi.mock('#src/server/generator/generate-experience', async (importOriginal) => {
  const actual = await importOriginal<typeof import('#src/server/generator/generate-experience')>()
  return { ...actual, generateExperience: vi.fn(actual.generateExperience) }
})

const PERSON = { website: '', elapsedMs: 4_000 }
const CONTACT = { firstName: 'Camille', name: 'Martin', email: 'camille@exemple.fr', phone: '', company: 'Lemoine', object: 'Devis', message: 'Un jeu de Noël pour nos trois boutiques.' }
const GENERATION = { companyName: 'Lemoine', companyActivity: 'boulangerie', event: 'Noël', additionalInformation: '', gameType: 1, gameLanguage: 'fr', llmModel: 'fast' }
const TIMEOUTS = { headersMs: 600, requestMs: 1_200, keepAliveMs: 500, checkIntervalMs: 100, drainMs: 2_000 }

let workDir: string
let root: string
let dataDir: string
const servers: SiteServer[] = []

async function start(env: Record<string, string> = {}) {
  const server = await startSiteServer({ root, port: 0, dataDir, env: { SITE_URL: 'https://www.ludora.fr', ...env }, timeouts: TIMEOUTS })
  servers.push(server)
  return server
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'ludora-server-'))
  root = path.join(workDir, 'dist')
  dataDir = path.join(workDir, 'data')
  const files: Record<string, string> = {
    'index.html': '<h1>Accueil</h1>',
    '404.html': '<h1>Page Not Found</h1>',
    'contact/index.html': '<h1>Contact</h1>',
    '_app/assets/main-ABC123.js': 'console.log(1)',
    '_payload.json': '{}',
    _headers: '/*\n  X-Content-Type-Options: nosniff\n\n/_app/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n',
    '.env': 'SECRET=1',
    '.data/contact.ndjson': '{"email":"x@y.fr"}',
  }
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true })
    await writeFile(path.join(root, file), content)
  }
})

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
  await rm(workDir, { recursive: true, force: true })
})

/** A raw request, so the path reaches the server exactly as written. */
function rawGet(url: string, rawPath: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    http
      .get({ hostname, port, path: rawPath, agent: false }, (response) => {
        let body = ''
        response.on('data', (chunk: Buffer) => (body += chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
      })
      .on('error', reject)
  })
}

const post = (server: SiteServer, endpoint: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/api${endpoint}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })

describe('the API on Node', () => {
  it('records sign-ups and contact requests in the ndjson log and answers 201', async () => {
    const server = await start()
    expect((await post(server, '/newsletter', { email: 'lecteur@exemple.fr', ...PERSON })).status).toBe(201)
    expect((await post(server, '/contact', { ...CONTACT, ...PERSON }, { origin: server.url })).status).toBe(201)
    // The 201 comes once the request is safe in the outbox; the log is written by delivery right after.
    const log = (file: string) =>
      readFile(path.join(dataDir, file), 'utf8')
        .then((text) => text.trim().split('\n').map((line) => JSON.parse(line) as Record<string, string>))
        .catch(() => [])
    await expect.poll(async () => (await log('newsletter.ndjson')).at(-1), { timeout: 10_000 }).toMatchObject({ email: 'lecteur@exemple.fr' })
    await expect.poll(async () => (await log('contact.ndjson')).at(-1), { timeout: 10_000 }).toMatchObject({ email: 'camille@exemple.fr', message: CONTACT.message })
  })

  // A client that streams its body (fetch with a stream, a proxy, curl reading stdin) sends it in chunks,
  // with no Content-Length: the same limit of 32 KB applies, read as it comes.
  it('reads a body sent in chunks, and refuses one over 32 KB with 413', async () => {
    const server = await start()
    const chunked = (text: string) =>
      new Promise<number>((resolve, reject) => {
        const { hostname, port } = new URL(server.url)
        const request = http.request({ hostname, port, path: '/api/newsletter', method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } }, (response) => {
          response.resume()
          response.on('end', () => resolve(response.statusCode ?? 0))
        })
        request.on('error', reject)
        for (let at = 0; at < text.length; at += 1_000) request.write(text.slice(at, at + 1_000))
        request.end()
      })
    expect(await chunked(JSON.stringify({ email: 'flux@exemple.fr', ...PERSON }))).toBe(201)
    expect(await chunked(JSON.stringify({ email: 'flux@exemple.fr', ...PERSON, padding: 'x'.repeat(40_000) }))).toBe(413)
  })

  it('allows its own origin and the site’s, and no other', async () => {
    const server = await start()
    const status = async (origin: string) => (await post(server, '/newsletter', { email: 'a@exemple.fr', ...PERSON }, { origin })).status
    expect(await status(server.url)).toBe(201)
    expect(await status(server.url.replace('127.0.0.1', 'localhost'))).toBe(201)
    expect(await status('https://www.ludora.fr')).toBe(201)
    expect(await status('https://evil.example')).toBe(403)
  })

  it('limits by socket address: a forged X-Forwarded-For buys nothing unless a proxy is declared', async () => {
    const direct = await start({ API_RATE_LIMITS: 'newsletter=1' })
    const statuses = async (server: SiteServer) => {
      const result: number[] = []
      for (const forwarded of ['198.51.100.1', '198.51.100.2']) result.push((await post(server, '/newsletter', { email: 'a@exemple.fr', ...PERSON }, { 'x-forwarded-for': forwarded })).status)
      return result
    }
    expect(await statuses(direct)).toEqual([201, 429])
    const proxied = await start({ API_RATE_LIMITS: 'newsletter=1', TRUST_PROXY: '1' })
    expect(await statuses(proxied)).toEqual([201, 201])
  })

  it('aborts the model call when the visitor disconnects', async () => {
    const server = await start()
    let signal: AbortSignal | undefined
    vi.mocked(generateExperience).mockImplementationOnce(
      (_input, options = {}) =>
        new Promise((_resolve, reject) => {
          signal = options.signal
          signal?.addEventListener('abort', () => reject(new GenerationError(504, 'Abandonné.')))
        }),
    )
    const visitor = new AbortController()
    const request = fetch(`${server.url}/api/ai/generate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(GENERATION), signal: visitor.signal })
    await vi.waitFor(() => expect(signal).toBeDefined())
    visitor.abort()
    await expect(request).rejects.toThrow()
    await vi.waitFor(() => expect(signal?.aborted).toBe(true))
  })
})

describe('static files', () => {
  it('carry an ETag, Last-Modified and Cache-Control, and answer 304 to a conditional request', async () => {
    const server = await start()
    const page = await fetch(`${server.url}/contact`)
    expect(page.status).toBe(200)
    const etag = page.headers.get('etag') ?? ''
    const lastModified = page.headers.get('last-modified') ?? ''
    expect(etag).toMatch(/^W\/".+"$/)
    expect(new Date(lastModified).getTime()).toBeGreaterThan(0)
    expect(page.headers.get('cache-control')).toBe('no-cache')
    expect((await fetch(`${server.url}/contact`, { headers: { 'if-none-match': etag } })).status).toBe(304)
    expect((await fetch(`${server.url}/contact`, { headers: { 'if-none-match': `"other", ${etag.slice(2)}` } })).status).toBe(304)
    expect((await fetch(`${server.url}/contact`, { headers: { 'if-modified-since': lastModified } })).status).toBe(304)
    expect((await fetch(`${server.url}/contact`, { headers: { 'if-modified-since': new Date(0).toUTCString() } })).status).toBe(200)
    expect((await fetch(`${server.url}/contact`, { headers: { 'if-none-match': '"other"', 'if-modified-since': lastModified } })).status).toBe(200)

    const asset = await fetch(`${server.url}/_app/assets/main-ABC123.js`)
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(asset.headers.get('etag')).toBeTruthy()
    const missingAsset = await fetch(`${server.url}/_app/assets/gone-XYZ.js`)
    expect(missingAsset.status).toBe(404)
    expect(missingAsset.headers.get('cache-control')).toBe('no-cache')
    expect((await fetch(`${server.url}/_payload.json`)).headers.get('cache-control')).toBe('no-cache')
  })

  it('refuse malformed paths and hide host configuration and dotfiles', async () => {
    const server = await start()
    expect(await rawGet(server.url, '/%ff')).toMatchObject({ status: 400 })
    expect(await rawGet(server.url, '/contact%E0%A4%A')).toMatchObject({ status: 400 })
    const doubled = await rawGet(server.url, '//api/contact')
    expect(doubled.status).toBe(404)
    expect(doubled.body).not.toContain('Contact')
    expect((await rawGet(server.url, '//contact')).status).toBe(404)
    for (const hidden of ['/_headers', '/.env', '/.data/contact.ndjson', '/%2Eenv', '/contact/../.env']) {
      const answer = await rawGet(server.url, hidden)
      expect(answer.status, hidden).toBe(404)
      expect(answer.body, hidden).not.toMatch(/SECRET|nosniff|x@y\.fr/)
    }
    expect((await rawGet(server.url, '/nulle-part')).body).toContain('Page Not Found')
  })
})

describe('shutdown', () => {
  it('lets a request in flight finish, then frees the port', async () => {
    const server = await start()
    let finish: (() => void) | undefined
    vi.mocked(generateExperience).mockImplementationOnce(() => new Promise((resolve) => (finish = () => resolve({ kind: 'poll' } as never))))
    const inFlight = post(server, '/ai/generate', GENERATION)
    await vi.waitFor(() => expect(finish).toBeDefined())
    const closed = server.close()
    finish?.()
    expect((await inFlight).status).toBe(200)
    await closed
    const { port } = new URL(server.url)
    await new Promise<void>((resolve, reject) => {
      const probe = net.createServer().once('error', reject)
      probe.listen(Number(port), '127.0.0.1', () => probe.close(() => resolve()))
    })
  })
})

describe('watch mode', () => {
  /** A page's live-reload stream, read one event at a time. */
  async function eventStream(server: SiteServer) {
    const response = await fetch(`${server.url}/_dev/events`)
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
    let buffered = ''
    return {
      async next(): Promise<string> {
        while (!buffered.includes('\n\n')) buffered += (await reader.read()).value
        const [event] = buffered.split('\n\n', 1) as [string]
        buffered = buffered.slice(event.length + 2)
        return event
      },
    }
  }

  it('tells open pages and pages that connect later why the build failed, until a build succeeds', async () => {
    const server = await startSiteServer({ root, port: 0, dataDir, liveReload: true, env: { SITE_URL: 'https://www.ludora.fr' }, timeouts: TIMEOUTS })
    servers.push(server)
    const failed = 'event: build-error\ndata: {"message":"content/pages/home.json › meta.title: missing; expected text"}'
    const open = await eventStream(server)
    expect(await open.next()).toBe(': connected')
    server.notifyBuildError('content/pages/home.json › meta.title: missing; expected text')
    expect(await open.next()).toBe(failed)
    const later = await eventStream(server)
    expect([await later.next(), await later.next()]).toEqual([': connected', failed])
    server.notifyReload(root)
    expect(await open.next()).toBe('event: reload\ndata: {}')
    const afterFix = await eventStream(server)
    expect(await afterFix.next()).toBe(': connected')
    server.notifyReload(root)
    expect(await afterFix.next()).toBe('event: reload\ndata: {}')
  })
})
