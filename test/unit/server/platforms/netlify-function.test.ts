import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { getStore } from '@netlify/blobs'
import { BlobsServer } from '@netlify/blobs/server'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { readDeliveryConfig } from '#src/server/delivery/delivery-config'
import { startHttpReceiver, type ReceivedRequest } from '../delivery/test-servers'
import { contactFields, contactPost, sendFormTraffic, signUpPost, type FormPost, type Traffic } from './support/form-traffic'
import { expectSameAsNode, nodeBrevoPost, nodeWebhookPost, type ReceivedPost } from './support/node-reference'
import { bundlePlatform, CONTACT, PERSON } from './support/platform-bundle'

type NetlifyHandler = (request: Request, context: object) => Promise<Response>
type Instance = 'plain' | 'signed' | 'refused'

const SITE = 'https://www.ludora.fr'
const SITE_ID = 'ludora-site'
const BLOBS_TOKEN = 'jeton-blobs'

let receiver: Awaited<ReturnType<typeof startHttpReceiver>>
let blobs: BlobsServer
let blobsDir: string
let blobsPort = 0
/** The key of every write the Blobs server received, in order. */
const blobWrites: string[] = []
const answered = new WeakMap<ReceivedRequest, number>()
let files: string[] = []
let outdir = ''
/** URL prefixes the receiver answers 503 to. */
let down: string[] = []
const envs = {} as Record<Instance, Record<string, string>>
const handlers = {} as Record<Instance, { api: NetlifyHandler; retry: () => Promise<Response>; blobsContext: string }>
/** What the functions said in their log (console.info): kept here rather than printed. */
const logged: string[] = []
/** Work each function left running after its answer, through `context.waitUntil`. */
let background: Promise<unknown>[] = []

/** The `Netlify` global of a function's runtime: the site's variables behind get/has/set/delete/toObject. */
function netlifyGlobal(variables: Record<string, string>) {
  const values = new Map(Object.entries(variables))
  return {
    env: {
      get: (name: string) => values.get(name),
      has: (name: string) => values.has(name),
      set: (name: string, value: string) => void values.set(name, value),
      delete: (name: string) => void values.delete(name),
      toObject: () => Object.fromEntries(values),
    },
  }
}

/** The Blobs context Netlify hands each invocation (base64 JSON), here pointing at the local BlobsServer. */
function blobsContext(port: number, token: string): string {
  const edgeURL = `http://127.0.0.1:${port}`
  return Buffer.from(JSON.stringify({ siteID: SITE_ID, token, edgeURL, uncachedEdgeURL: edgeURL })).toString('base64')
}

/** Runs `work` as Netlify runs an invocation of this instance: its variables and Blobs context in the globals. */
async function invoke<T>(instance: Instance, work: (handler: (typeof handlers)[Instance]) => Promise<T>): Promise<T> {
  Object.assign(globalThis, { Netlify: netlifyGlobal(envs[instance]), netlifyBlobsContext: handlers[instance].blobsContext })
  return work(handlers[instance])
}

/** The context Netlify hands a v2 function (the fields its documentation lists). */
function netlifyContext(ip: string) {
  return {
    ip,
    requestId: '01JEXAMPLE',
    geo: { city: 'Nantes', country: { code: 'FR', name: 'France' } },
    site: { id: SITE_ID, name: 'ludora', url: SITE },
    deploy: { context: 'production', id: 'deploy-id', published: true },
    account: { id: 'account-id' },
    server: { region: 'eu-central-1' },
    params: {},
    cookies: { get: () => undefined, set: () => {}, delete: () => {} },
    waitUntil: (promise: Promise<unknown>) => void background.push(promise),
  }
}

function request(endpoint: string, body: unknown, headers: Record<string, string> = {}) {
  return new Request(`${SITE}/api${endpoint}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: SITE, ...headers }, body: JSON.stringify(body) })
}

const post = (instance: Instance, endpoint: string, body: unknown, { headers = {}, ip = '203.0.113.7' }: { headers?: Record<string, string>; ip?: string } = {}) =>
  invoke(instance, ({ api }) => api(request(endpoint, body, headers), netlifyContext(ip)))

const sendTo = (instance: Instance) => async (posts: FormPost[], mode: 'sequential' | 'concurrent') => {
  const one = async ({ path, body, address }: FormPost) => {
    const response = await post(instance, path, body, { ip: address })
    return { status: response.status, body: await response.text() }
  }
  if (mode === 'concurrent') return Promise.all(posts.map(one))
  const answers = []
  for (const form of posts) answers.push(await one(form))
  return answers
}

/** The scheduled function's run, as Netlify starts it every minute. */
const runSchedule = async (instance: Instance) => (await invoke(instance, ({ retry }) => retry())).json() as Promise<{ delivered: number; pending: number }>

async function settle() {
  while (background.length) await Promise.all(background.splice(0))
}

const asPost = ({ path: target, headers, body }: ReceivedRequest): ReceivedPost => ({
  url: receiver.url + target,
  headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)])),
  body: body.toString('utf8'),
})

/** The functions' store, read with their own client. */
function storeOf() {
  Object.assign(globalThis, { netlifyBlobsContext: blobsContext(blobsPort, BLOBS_TOKEN) })
  return getStore({ name: 'ludora-forms', consistency: 'strong' })
}

const pendingKeys = async () => (await storeOf().list({ prefix: 'pending/' })).blobs.map(({ key }) => key)

/** The requests the receiver answered with a 2xx. */
const accepted = () => receiver.requests.filter((received) => (answered.get(received) ?? 500) < 300).map(asPost)

beforeAll(async () => {
  receiver = await startHttpReceiver((received) => {
    const status = down.some((prefix) => received.path.startsWith(prefix)) ? 503 : received.path.startsWith('/brevo/') ? 201 : 204
    answered.set(received, status)
    return { status }
  })
  blobsDir = await mkdtemp(path.join(os.tmpdir(), 'ludora-blobs-'))
  blobs = new BlobsServer({ directory: blobsDir, token: BLOBS_TOKEN, onRequest: ({ type, url }) => type === 'set' && blobWrites.push(/(?:pending|refused)\/[^?]+/.exec(url)?.[0] ?? url) })
  blobsPort = (await blobs.start()).port
  const brevo = (name: string) => ({ BREVO_API_KEY: 'xkeysib-test', BREVO_LIST_ID: '7', BREVO_DOI_TEMPLATE_ID: '12', BREVO_DOI_REDIRECT_URL: `${SITE}/merci`, BREVO_API_URL: `${receiver.url}/brevo/${name}/v3` })
  // Set for the whole file, not per test: the functions read them once per instance, as on Netlify.
  envs.plain = { SITE_URL: SITE, API_RATE_LIMITS: 'contact=3', FORMS_WEBHOOK_URL: `${receiver.url}/hooks/plain` }
  // Retries after 1 s, then 1 to 2 s: production's 15 s doubling up to an hour, shortened as an operator may.
  envs.signed = { SITE_URL: SITE, FORMS_WEBHOOK_URL: `${receiver.url}/hooks/signed`, FORMS_WEBHOOK_SECRET: 'un secret partagé', ...brevo('signed'), DELIVERY_RETRY_BASE_SECONDS: '1', DELIVERY_RETRY_MAX_SECONDS: '2' }
  envs.refused = { SITE_URL: SITE, FORMS_WEBHOOK_URL: `${receiver.url}/hooks/refused` }
  ;({ files, outdir } = await bundlePlatform('netlify'))
  const [apiFile, retryFile] = files as [string, string]
  for (const instance of ['plain', 'signed', 'refused'] as const) {
    // Each instance its own copy of the bundles (behind the two-line modules), hence its own state, as on separate instances.
    const bundleOf = (file: string) => `${pathToFileURL(path.join(path.dirname(file), 'bundle.mjs')).href}?${instance}`
    const api = ((await import(bundleOf(apiFile))) as { default: NetlifyHandler }).default
    const retry = ((await import(bundleOf(retryFile))) as { default: () => Promise<Response> }).default
    handlers[instance] = { api, retry, blobsContext: blobsContext(blobsPort, instance === 'refused' ? 'un jeton révoqué' : BLOBS_TOKEN) }
  }
}, 60_000)

afterAll(async () => {
  delete (globalThis as { Netlify?: unknown }).Netlify
  delete (globalThis as { netlifyBlobsContext?: unknown }).netlifyBlobsContext
  await receiver?.close()
  await blobs?.stop()
  if (blobsDir) await rm(blobsDir, { recursive: true, force: true })
  if (outdir) await rm(outdir, { recursive: true, force: true })
})

/** The visitor's address in a webhook body (`data.email`) or a Brevo one (`email`). */
function emailOf(post: ReceivedPost): string {
  const body = JSON.parse(post.body) as { data?: { email?: string }; email?: string }
  return body.data?.email ?? body.email ?? ''
}

/** Each contact request and sign-up reached the webhook once, each sign-up reached Brevo once, every byte as Node sends it. */
async function expectDeliveredAsNode(instance: Instance, traffic: Pick<Traffic, 'contacts' | 'signUps'>, posts: ReceivedPost[]) {
  const config = readDeliveryConfig(envs[instance]).config
  const ours = new Set([...traffic.contacts, ...traffic.signUps])
  const hooks = posts.filter((post) => post.url === config.webhook!.url && ours.has(emailOf(post)))
  expect(hooks.map(emailOf).sort()).toEqual([...ours].sort())
  for (const hook of hooks) {
    const submission = JSON.parse(hook.body) as Parameters<typeof nodeWebhookPost>[1]
    expect(submission.data).toEqual(submission.kind === 'contact' ? contactFields(submission.data.email!) : { email: submission.data.email })
    expectSameAsNode(hook, await nodeWebhookPost(config.webhook!, submission))
  }
  const signUps = posts.filter((post) => config.brevo && post.url.startsWith(config.brevo.apiUrl) && ours.has(emailOf(post)))
  expect(signUps.map(emailOf).sort()).toEqual(config.brevo ? [...traffic.signUps].sort() : [])
  for (const signUp of signUps) expectSameAsNode(signUp, await nodeBrevoPost(config.brevo!, emailOf(signUp)))
}

afterEach(() => {
  vi.useRealTimers()
})

beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation((line: unknown) => void logged.push(String(line)))
})

describe('the API as a Netlify Function (v2, bundled as Netlify loads it)', () => {
  // Loads both bundles once more through the test runner's transform: 1.6 s alone, several times that in a
  // full run on two cores, so the 5 s default would fail on a busy machine.
  it('declares its route and its schedule literally, as Netlify reads them without running the modules', async () => {
    const configOf = async (file: string) => ((await import(pathToFileURL(file).href)) as { config: unknown }).config
    expect(await configOf(files[0]!)).toEqual({ path: '/api/*' })
    expect(await configOf(files[1]!)).toEqual({ schedule: '* * * * *' })
  }, 30_000)

  it.each(['plain', 'signed'] as const)('answers 25 of each form in a row and 25 at once, and delivers each as Node does (%s)', async (instance) => {
    const traffic = await sendFormTraffic(sendTo(instance), { tag: instance, count: 25 })
    expect(traffic.answers.filter(({ status }) => status !== 201 && status !== 200)).toEqual([])
    await settle()
    await expectDeliveredAsNode(instance, traffic, accepted())
    // Delivered everywhere: nothing left in the store.
    expect(await pendingKeys()).toEqual([])
  }, 30_000)

  it('keeps each submission in Netlify Blobs before the 201, and the scheduled function delivers it once the webhook is back', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    // The schedule reads the clock: the test moves it, so a slow machine posting for seconds changes nothing.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-25T09:00:00Z') })
    down = ['/hooks/signed']
    const contacts = Array.from({ length: 20 }, (_, index) => `netlify-panne-${index}@exemple.fr`)
    const signUps = Array.from({ length: 10 }, (_, index) => `netlify-inscription-${index}@exemple.fr`)
    const keys = new Set<string>()
    for (const form of [...contacts.map(contactPost), ...signUps.map(signUpPost)]) {
      const before = blobWrites.length
      expect((await post('signed', form.path, form.body, { ip: form.address })).status).toBe(201)
      // Written before the answer: a key the store had never seen.
      const added = blobWrites.slice(before).filter((key) => !keys.has(key))
      expect(added).toHaveLength(1)
      keys.add(added[0]!)
    }
    await settle()
    const entries = await Promise.all([...keys].map((key) => storeOf().get(key, { type: 'json', consistency: 'strong' }) as Promise<Record<string, unknown>>))
    expect(entries.map(({ attempts, delivered, lastError }) => ({ attempts, delivered, lastError })).sort((a, b) => String(a.delivered).localeCompare(String(b.delivered)))).toEqual([
      ...Array(20).fill({ attempts: 1, delivered: [], lastError: 'webhook : le webhook a répondu 503' }),
      ...Array(10).fill({ attempts: 1, delivered: ['brevo'], lastError: 'webhook : le webhook a répondu 503' }),
    ])
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^Livraison : demande \S+ \(contact\) non remise \(webhook : le webhook a répondu 503\) ; essai 1, le suivant dans 1 s au plus tôt$/))
    // Not yet due: the run leaves them alone.
    expect(await runSchedule('signed')).toEqual({ delivered: 0, pending: 30 })
    // Past the longest first delay (DELIVERY_RETRY_BASE_SECONDS, 1 s here).
    vi.setSystemTime(Date.now() + 2_500)
    // Due, but still down: once the webhook has failed, the run stops calling it (one batch of attempts, not thirty).
    const before = receiver.requests.length
    expect(await runSchedule('signed')).toEqual({ delivered: 0, pending: 30 })
    expect(receiver.requests.slice(before).filter(({ path: target }) => target === '/hooks/signed').length).toBeLessThanOrEqual(8)
    down = []
    vi.setSystemTime(Date.now() + 10_000)
    expect(await runSchedule('signed')).toEqual({ delivered: 30, pending: 0 })
    expect(await pendingKeys()).toEqual([])
    // Each reached the webhook once it was back; Brevo took the sign-ups during the outage and got none twice.
    await expectDeliveredAsNode('signed', { contacts, signUps }, accepted())
    vi.useRealTimers()
  }, 30_000)

  it('answers 503 when Netlify Blobs refuses the submission, so the form shows the e-mail fallback', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect((await post('refused', '/contact', { ...contactFields('refusee@exemple.fr'), ...PERSON })).status).toBe(503)
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/^Livraison : Netlify Blobs n'a pas gardé la demande \S+ \(contact\) : /))
    expect(receiver.requests.filter(({ path: target }) => target === '/hooks/refused')).toEqual([])
  })

  it('refuses other content types and other origins, and limits each client by the address Netlify saw', async () => {
    expect((await post('plain', '/contact', { ...CONTACT, ...PERSON }, { headers: { 'content-type': 'text/plain' } })).status).toBe(415)
    expect((await post('plain', '/contact', { ...CONTACT, ...PERSON }, { headers: { origin: 'https://evil.example' } })).status).toBe(403)
    const statuses: number[] = []
    for (let index = 0; index < 4; index++) statuses.push((await post('plain', '/contact', { ...CONTACT, ...PERSON }, { ip: '198.51.100.40', headers: { 'x-forwarded-for': `10.0.0.${index}` } })).status)
    expect(statuses).toEqual([201, 201, 201, 429])
    expect((await post('plain', '/contact', { ...CONTACT, ...PERSON }, { ip: '198.51.100.41' })).status).toBe(201)
    await settle()
  })

  it('says once per instance how it delivers, and each retry that succeeded (after 2 attempts, or 3 for those tried while it was still down)', () => {
    expect(logged.filter((line) => line.startsWith('Livraison : chaque demande est gardée dans Netlify Blobs'))).toHaveLength(3)
    expect(logged.filter((line) => / remise après [23] essais \(webhook(, brevo)?\)$/.test(line))).toHaveLength(30)
  })
})
