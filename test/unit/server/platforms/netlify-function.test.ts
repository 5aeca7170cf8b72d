import { rm } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readDeliveryConfig } from '#src/server/delivery/delivery-config'
import { startHttpReceiver, type ReceivedRequest } from '../delivery/test-servers'
import { contactFields, sendFormTraffic, type FormPost, type Traffic } from './support/form-traffic'
import { expectSameAsNode, nodeBrevoPost, nodeWebhookPost, type ReceivedPost } from './support/node-reference'
import { bundlePlatform, CONTACT, PERSON } from './support/platform-bundle'

type NetlifyHandler = (request: Request, context: object) => Promise<Response>
type Instance = 'plain' | 'signed'

const SITE = 'https://www.ludora.fr'

let receiver: Awaited<ReturnType<typeof startHttpReceiver>>
const answered = new WeakMap<ReceivedRequest, number>()
let files: string[] = []
const envs = {} as Record<Instance, Record<string, string>>
const handlers = {} as Record<Instance, NetlifyHandler>

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

/** Runs `work` as Netlify runs an invocation of this instance: its variables in the `Netlify` global. */
async function invoke<T>(instance: Instance, work: (handler: NetlifyHandler) => Promise<T>): Promise<T> {
  Object.assign(globalThis, { Netlify: netlifyGlobal(envs[instance]) })
  return work(handlers[instance])
}

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

function request(endpoint: string, body: unknown, headers: Record<string, string> = {}) {
  return new Request(`${SITE}/api${endpoint}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: SITE, ...headers }, body: JSON.stringify(body) })
}

const post = (instance: Instance, endpoint: string, body: unknown, { headers = {}, ip = '203.0.113.7' }: { headers?: Record<string, string>; ip?: string } = {}) =>
  invoke(instance, (api) => api(request(endpoint, body, headers), netlifyContext(ip)))

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

const asPost = ({ path: target, headers, body }: ReceivedRequest): ReceivedPost => ({
  url: receiver.url + target,
  headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)])),
  body: body.toString('utf8'),
})

/** The requests the receiver answered with a 2xx. */
const accepted = () => receiver.requests.filter((received) => (answered.get(received) ?? 500) < 300).map(asPost)

beforeAll(async () => {
  receiver = await startHttpReceiver((received) => {
    const status = received.path.startsWith('/brevo/') ? 201 : 204
    answered.set(received, status)
    return { status }
  })
  const brevo = { BREVO_API_KEY: 'xkeysib-test', BREVO_LIST_ID: '7', BREVO_DOI_TEMPLATE_ID: '12', BREVO_DOI_REDIRECT_URL: `${SITE}/merci`, BREVO_API_URL: `${receiver.url}/brevo/signed/v3` }
  // Set for the whole file, not per test: the function reads them once per instance, as on Netlify.
  envs.plain = { SITE_URL: SITE, API_RATE_LIMITS: 'contact=3', FORMS_WEBHOOK_URL: `${receiver.url}/hooks/plain` }
  envs.signed = { SITE_URL: SITE, FORMS_WEBHOOK_URL: `${receiver.url}/hooks/signed`, FORMS_WEBHOOK_SECRET: 'un secret partagé', ...brevo }
  files = await bundlePlatform('netlify')
  const [apiFile] = files as [string]
  for (const instance of ['plain', 'signed'] as const) {
    // Each instance its own copy of the bundle (behind the two-line module), hence its own state, as on separate instances.
    handlers[instance] = ((await import(`${pathToFileURL(path.join(path.dirname(apiFile), 'bundle.mjs')).href}?${instance}`)) as { default: NetlifyHandler }).default
  }
}, 60_000)

afterAll(async () => {
  delete (globalThis as { Netlify?: unknown }).Netlify
  await receiver?.close()
  for (const file of files) await rm(path.dirname(file), { recursive: true, force: true })
})

const emailOf = (post: ReceivedPost) => (JSON.parse(post.body) as { data?: { email?: string }; email?: string }).data?.email ?? (JSON.parse(post.body) as { email?: string }).email ?? ''

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

describe('the API as a Netlify Function (v2, bundled as Netlify loads it)', () => {
  it('declares its route literally, as Netlify reads it without running the module', async () => {
    expect(((await import(pathToFileURL(files[0]!).href)) as { config: unknown }).config).toEqual({ path: '/api/*' })
  })

  it.each(['plain', 'signed'] as const)('answers 25 of each form in a row and 25 at once, and delivers each as Node does (%s)', async (instance) => {
    const traffic = await sendFormTraffic(sendTo(instance), { tag: instance, count: 25 })
    expect(traffic.answers.filter(({ status }) => status !== 201 && status !== 200)).toEqual([])
    await expectDeliveredAsNode(instance, traffic, accepted())
  }, 30_000)

  it('refuses other content types and other origins, and limits each client by the address Netlify saw', async () => {
    expect((await post('plain', '/contact', { ...CONTACT, ...PERSON }, { headers: { 'content-type': 'text/plain' } })).status).toBe(415)
    expect((await post('plain', '/contact', { ...CONTACT, ...PERSON }, { headers: { origin: 'https://evil.example' } })).status).toBe(403)
    const statuses: number[] = []
    for (let index = 0; index < 4; index++) statuses.push((await post('plain', '/contact', { ...CONTACT, ...PERSON }, { ip: '198.51.100.40', headers: { 'x-forwarded-for': `10.0.0.${index}` } })).status)
    expect(statuses).toEqual([201, 201, 201, 429])
    expect((await post('plain', '/contact', { ...CONTACT, ...PERSON }, { ip: '198.51.100.41' })).status).toBe(201)
  })
})
