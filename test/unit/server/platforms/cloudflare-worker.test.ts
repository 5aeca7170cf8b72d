import { rm } from 'node:fs/promises'
import path from 'node:path'
import { Miniflare, type WorkerOptions } from 'miniflare'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readDeliveryConfig } from '#src/server/delivery/delivery-config'
import { completion, goodQuiz } from '../generator/fixtures/good-quiz'
import { contactFields, sendFormTraffic, type FormPost, type Traffic } from './support/form-traffic'
import { expectSameAsNode, nodeBrevoPost, nodeWebhookPost, type ReceivedPost } from './support/node-reference'
import { bundlePlatform, CONTACT, GENERATION, loadWorkerHarness, PERSON, type ReceivedByHarness } from './support/platform-bundle'

const SITE = 'https://www.ludora.fr'
const brevo = (name: string) => ({ BREVO_API_KEY: 'xkeysib-test', BREVO_LIST_ID: '7', BREVO_DOI_TEMPLATE_ID: '12', BREVO_DOI_REDIRECT_URL: `${SITE}/merci`, BREVO_API_URL: `https://brevo.test/${name}/v3` })

/** Each Worker's environment: the channels it delivers to are what the test expects. */
const ENVS = {
  direct: { SITE_URL: SITE, FORMS_WEBHOOK_URL: 'https://hooks.test/direct', ...brevo('direct'), LLM_BASE_URL: 'https://model.test/v1', API_RATE_LIMITS: 'newsletter=3' },
  signed: { SITE_URL: SITE, FORMS_WEBHOOK_URL: 'https://hooks.test/signed', FORMS_WEBHOOK_SECRET: 'un secret partagé' },
} satisfies Record<string, Record<string, string>>
type WorkerName = keyof typeof ENVS

const workerdOutput: string[] = []
const harness = await loadWorkerHarness()
let miniflare: Miniflare
let bundle: string

beforeAll(async () => {
  ;[bundle] = (await bundlePlatform('cloudflare')) as [string]
  // workerd, Cloudflare's runtime, runs the bundle as `wrangler deploy` would upload it, one Worker per setup.
  const worker = (name: WorkerName, options: Partial<WorkerOptions> = {}) => ({
    name,
    modules: true,
    scriptPath: bundle,
    modulesRoot: path.dirname(bundle),
    compatibilityDate: '2025-07-18',
    bindings: ENVS[name],
    routes: [`${name}.api.test/*`],
    outboundService: 'receiver',
    ...options,
  })
  miniflare = new Miniflare({
    workers: [
      worker('direct', { ratelimits: { CONTACT_RATE_LIMITER: { simple: { limit: 3, period: 60 } } } }),
      worker('signed'),
      ...harness.harnessWorkers({ targets: Object.keys(ENVS), origin: SITE, completion: completion(goodQuiz) }),
    ] as WorkerOptions[],
    handleRuntimeStdio(stdout, stderr) {
      for (const stream of [stdout, stderr]) stream.on('data', (chunk: Buffer) => workerdOutput.push(...chunk.toString().split('\n').filter(Boolean)))
    },
  })
  await miniflare.ready
}, 60_000)

afterAll(async () => {
  await miniflare?.dispose()
  if (bundle) await rm(path.dirname(bundle), { recursive: true, force: true })
})

async function post(name: WorkerName, endpoint: string, body: unknown, headers: Record<string, string> = {}) {
  return miniflare.dispatchFetch(`https://${name}.api.test/api${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: SITE, 'cf-connecting-ip': '203.0.113.7', ...headers },
    body: JSON.stringify(body),
  }) as unknown as Promise<Response>
}

const sendTo = (worker: WorkerName) => (posts: FormPost[], mode: 'sequential' | 'concurrent') => harness.postForms(miniflare, worker, posts, mode)
const received = (down?: string[]) => harness.receivedPosts(miniflare, down)

const emailOf = (post: ReceivedPost) => (JSON.parse(post.body) as { data?: { email?: string }; email?: string }).data?.email ?? ''
const brevoEmailOf = (post: ReceivedPost) => (JSON.parse(post.body) as { email: string }).email

/** What a Worker sent to its webhook and to Brevo. */
async function sentBy(name: WorkerName): Promise<ReceivedByHarness[]> {
  const env: Record<string, string> = ENVS[name]
  return (await received()).filter(({ url }) => url.startsWith(env.FORMS_WEBHOOK_URL!) || (env.BREVO_API_URL !== undefined && url.startsWith(env.BREVO_API_URL)))
}

/** Each contact request and sign-up reached the webhook once, each sign-up reached Brevo once, every byte as Node sends it. */
async function expectDeliveredAsNode(name: WorkerName, traffic: Pick<Traffic, 'contacts' | 'signUps'>, posts: ReceivedPost[]) {
  const config = readDeliveryConfig(ENVS[name]).config
  const ours = new Set([...traffic.contacts, ...traffic.signUps])
  const hooks = posts.filter((post) => post.url === config.webhook!.url)
  expect(hooks.map(emailOf).sort()).toEqual([...ours].sort())
  for (const hook of hooks) {
    const submission = JSON.parse(hook.body) as Parameters<typeof nodeWebhookPost>[1]
    expect(submission.data).toEqual(submission.kind === 'contact' ? contactFields(submission.data.email!) : { email: submission.data.email })
    expect(hook.headers['x-ludora-delivery-id']).toBe(submission.id)
    expectSameAsNode(hook, await nodeWebhookPost(config.webhook!, submission))
  }
  const signUps = posts.filter((post) => config.brevo && post.url.startsWith(config.brevo.apiUrl))
  expect(signUps.map(brevoEmailOf).sort()).toEqual(config.brevo ? [...traffic.signUps].sort() : [])
  for (const signUp of signUps) expectSameAsNode(signUp, await nodeBrevoPost(config.brevo!, brevoEmailOf(signUp)))
}

describe('the API as a Cloudflare Worker (workerd via Miniflare)', () => {
  describe.concurrent('under load', () => {
    it.for(['direct', 'signed'] as const)('answers 25 of each form in a row and 25 at once, and delivers each as Node does (%s)', { timeout: 45_000 }, async (name, { expect }) => {
      const traffic = await sendFormTraffic(sendTo(name), { tag: name, count: 25 })
      expect(traffic.answers.filter(({ status }) => status !== 201 && status !== 200)).toEqual([])
      expect(new Set(traffic.answers.filter(({ kind }) => kind === 'generation').map(({ body }) => (JSON.parse(body) as { kind: string }).kind))).toEqual(new Set(['quiz']))
      const posts = await sentBy(name)
      expect(posts).toHaveLength(traffic.contacts.length + traffic.signUps.length * ('BREVO_API_URL' in ENVS[name] ? 2 : 1))
      await expectDeliveredAsNode(name, traffic, posts)
    })
  })

  it('refuses other content types, other origins and bad bodies, and answers preflights', async () => {
    expect((await post('direct', '/contact', { ...CONTACT, ...PERSON }, { 'content-type': 'text/plain' })).status).toBe(415)
    expect((await post('direct', '/contact', { ...CONTACT, ...PERSON }, { origin: 'https://evil.example' })).status).toBe(403)
    expect((await post('direct', '/contact', { ...CONTACT, ...PERSON, firstName: ['x'] }, { 'cf-connecting-ip': '203.0.113.8' })).status).toBe(400)
    const preflight = await miniflare.dispatchFetch('https://direct.api.test/api/contact', { method: 'OPTIONS', headers: { origin: SITE, 'access-control-request-method': 'POST' } })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SITE)
  })

  it('rate limits through the platform binding, and in memory where there is none', async () => {
    const contacts: number[] = []
    for (let index = 0; index < 4; index++) contacts.push((await post('direct', '/contact', { ...CONTACT, ...PERSON }, { 'cf-connecting-ip': '198.51.100.20' })).status)
    expect(contacts).toEqual([201, 201, 201, 429])
    const signUps: number[] = []
    for (let index = 0; index < 4; index++) signUps.push((await post('direct', '/newsletter', { email: 'a@exemple.fr', ...PERSON }, { 'cf-connecting-ip': '198.51.100.21' })).status)
    expect(signUps).toEqual([201, 201, 201, 429])
    const limited = await post('direct', '/newsletter', { email: 'a@exemple.fr', ...PERSON }, { 'cf-connecting-ip': '198.51.100.21' })
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(limited.headers.get('access-control-expose-headers')).toBe('Retry-After')
    expect((await post('direct', '/ai/generate', GENERATION, { 'cf-connecting-ip': '198.51.100.22' })).status).toBe(200)
  })

  it('answers 503 without a queue when the webhook is down, so the form shows the e-mail fallback', async () => {
    await received([ENVS.direct.FORMS_WEBHOOK_URL])
    try {
      expect((await post('direct', '/contact', { ...contactFields('sans-file@exemple.fr'), ...PERSON }, { 'cf-connecting-ip': '198.51.100.30' })).status).toBe(503)
    } finally {
      await received([])
    }
    expect(workerdOutput.some((line) => line.includes('non remise (webhook : le webhook a répondu 503)'))).toBe(true)
  })
})
