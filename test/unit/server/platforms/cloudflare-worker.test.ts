import { rm } from 'node:fs/promises'
import path from 'node:path'
import { Miniflare, type WorkerOptions } from 'miniflare'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readDeliveryConfig } from '#src/server/delivery/delivery-config'
import { completion, goodQuiz } from '../generator/fixtures/good-quiz'
import { contactFields, contactPost, sendFormTraffic, signUpPost, type FormPost, type Traffic } from './support/form-traffic'
import { expectSameAsNode, nodeBrevoPost, nodeWebhookPost, type ReceivedPost } from './support/node-reference'
import { bundlePlatform, CONTACT, GENERATION, loadWorkerHarness, PERSON, type ReceivedByHarness } from './support/platform-bundle'

const SITE = 'https://www.ludora.fr'
const brevo = (name: string) => ({ BREVO_API_KEY: 'xkeysib-test', BREVO_LIST_ID: '7', BREVO_DOI_TEMPLATE_ID: '12', BREVO_DOI_REDIRECT_URL: `${SITE}/merci`, BREVO_API_URL: `https://brevo.test/${name}/v3` })
/** Retries after 1 s, then 1 to 2 s: the production schedule (15 s doubling up to an hour) shortened, as an operator may. */
const FAST_RETRIES = { DELIVERY_RETRY_BASE_SECONDS: '1', DELIVERY_RETRY_MAX_SECONDS: '2' }
/** How long, at least, the webhook stays down once the 500 requests are answered: several retry waves find it down. */
const OUTAGE_MS = 2_000

/** Each Worker's environment: the channels it delivers to are what the test expects. */
const ENVS = {
  direct: { SITE_URL: SITE, FORMS_WEBHOOK_URL: 'https://hooks.test/direct', ...brevo('direct'), LLM_BASE_URL: 'https://model.test/v1', API_RATE_LIMITS: 'newsletter=3' },
  signed: { SITE_URL: SITE, FORMS_WEBHOOK_URL: 'https://hooks.test/signed', FORMS_WEBHOOK_SECRET: 'un secret partagé' },
  queued: { SITE_URL: SITE, FORMS_WEBHOOK_URL: 'https://hooks.test/queued', FORMS_WEBHOOK_SECRET: 'un autre secret', ...brevo('queued'), ...FAST_RETRIES },
  outage: { SITE_URL: SITE, FORMS_WEBHOOK_URL: 'https://hooks.test/outage', FORMS_WEBHOOK_SECRET: 'encore un secret', ...brevo('outage'), ...FAST_RETRIES },
  doomed: { SITE_URL: SITE, FORMS_WEBHOOK_URL: 'https://hooks.test/doomed', ...FAST_RETRIES, DELIVERY_MAX_ATTEMPTS: '2' },
  refusing: { SITE_URL: SITE, FORMS_WEBHOOK_URL: 'https://hooks.test/refusing' },
} satisfies Record<string, Record<string, string>>
type WorkerName = keyof typeof ENVS

/** Cloudflare's dashboard stand-in: a Worker consuming the dead-letter queues, posting each message out. */
const DEAD_LETTER_READER = `export default {
  async queue(batch) {
    for (const message of batch.messages) {
      await fetch('https://dead-letters.test/', { method: 'POST', body: JSON.stringify({ queue: batch.queue, body: message.body }) })
      message.ack()
    }
  },
}`
/** A producer binding whose queue refuses every message, as Cloudflare's does past its backlog limit. */
const REFUSING_QUEUE = `export default function () {
  return { async send() { throw new Error('Queue send failed: backlog limit exceeded') } }
}`

const workerdOutput: string[] = []
const harness = await loadWorkerHarness()
let miniflare: Miniflare
let bundle: string
let outdir = ''

beforeAll(async () => {
  const bundled = await bundlePlatform('cloudflare')
  ;[bundle] = bundled.files as [string]
  outdir = bundled.outdir
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
  // Each batch as soon as there is one, up to Cloudflare's maximum of 100 messages.
  const queues = (queue: string) => ({
    queueProducers: { FORMS_QUEUE: queue, FORMS_DEAD_LETTER_QUEUE: `${queue}-dead` },
    queueConsumers: { [queue]: { maxBatchSize: 100, maxBatchTimeout: 0, maxRetries: 3, deadLetterQueue: `${queue}-dead` } },
  })
  miniflare = new Miniflare({
    workers: [
      worker('direct', { ratelimits: { CONTACT_RATE_LIMITER: { simple: { limit: 3, period: 60 } } } }),
      worker('signed'),
      worker('queued', queues('queued')),
      worker('outage', queues('outage')),
      worker('doomed', queues('doomed')),
      worker('refusing', { wrappedBindings: { FORMS_QUEUE: 'refusing-queue' } }),
      { name: 'refusing-queue', modules: true, script: REFUSING_QUEUE },
      ...harness.harnessWorkers({ targets: Object.keys(ENVS), origin: SITE, completion: completion(goodQuiz), down: [ENVS.doomed.FORMS_WEBHOOK_URL] }),
      { name: 'dead-letters', modules: true, script: DEAD_LETTER_READER, compatibilityDate: '2025-07-18', queueConsumers: { 'doomed-dead': { maxBatchTimeout: 0 } }, outboundService: 'receiver' },
    ] as WorkerOptions[],
    handleRuntimeStdio(stdout, stderr) {
      for (const stream of [stdout, stderr]) stream.on('data', (chunk: Buffer) => workerdOutput.push(...chunk.toString().split('\n').filter(Boolean)))
    },
  })
  await miniflare.ready
}, 60_000)

afterAll(async () => {
  await miniflare?.dispose()
  if (outdir) await rm(outdir, { recursive: true, force: true })
})

async function post(name: WorkerName, endpoint: string, body: unknown, headers: Record<string, string> = {}) {
  return harness.dispatchOnOwnConnection(miniflare, `https://${name}.api.test/api${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: SITE, 'cf-connecting-ip': '203.0.113.7', ...headers },
    body: JSON.stringify(body),
  })
}

const preflightContact = () => harness.dispatchOnOwnConnection(miniflare, 'https://direct.api.test/api/contact', { method: 'OPTIONS', headers: { origin: SITE, 'access-control-request-method': 'POST' } })
const sendTo = (worker: WorkerName) => (posts: FormPost[], mode: 'sequential' | 'concurrent') => harness.postForms(miniflare, worker, posts, mode)
const received = (down?: string[]) => harness.receivedPosts(miniflare, down)
const sentTo = async (prefix: string) => (await received()).filter(({ url }) => url.startsWith(prefix))

async function waitFor(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const started = Date.now()
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`still waiting after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

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
    it.for(['direct', 'signed', 'queued'] as const)('answers 25 of each form in a row and 25 at once, and delivers each as Node does (%s)', { timeout: 45_000 }, async (name, { expect }) => {
      const traffic = await sendFormTraffic(sendTo(name), { tag: name, count: 25 })
      expect(traffic.answers.filter(({ status }) => status !== 201 && status !== 200)).toEqual([])
      expect(new Set(traffic.answers.filter(({ kind }) => kind === 'generation').map(({ body }) => (JSON.parse(body) as { kind: string }).kind))).toEqual(new Set(['quiz']))
      const expected = traffic.contacts.length + traffic.signUps.length * ('BREVO_API_URL' in ENVS[name] ? 2 : 1)
      // A queued submission arrives once the queue hands it to the consumer; a direct one before the answer.
      await waitFor(async () => (await sentBy(name)).length >= expected, 15_000)
      const posts = await sentBy(name)
      expect(posts).toHaveLength(expected)
      await expectDeliveredAsNode(name, traffic, posts)
    })

    it('answers 201 to 500 contact requests while the webhook is down, and delivers each once it is back', async ({ expect }) => {
      await received([ENVS.outage.FORMS_WEBHOOK_URL, ENVS.doomed.FORMS_WEBHOOK_URL])
      const contacts = Array.from({ length: 500 }, (_, index) => `panne-${index}@exemple.fr`)
      // Sign-ups too: Brevo takes them during the outage and must not get them a second time.
      const signUps = Array.from({ length: 50 }, (_, index) => `panne-inscription-${index}@exemple.fr`)
      const answers = await sendTo('outage')([...contacts.map(contactPost), ...signUps.map(signUpPost)], 'concurrent')
      expect(answers.filter(({ status }) => status !== 201)).toEqual([])
      const hook = ENVS.outage.FORMS_WEBHOOK_URL
      // Down for OUTAGE_MS at least, and until every submission has been tried and refused at least once.
      await Promise.all([new Promise((resolve) => setTimeout(resolve, OUTAGE_MS)), waitFor(async () => new Set((await sentTo(hook)).map(emailOf)).size === contacts.length + signUps.length, 20_000)])
      await received([ENVS.doomed.FORMS_WEBHOOK_URL])
      const accepted = async () => (await sentTo(hook)).filter(({ status }) => status === 204)
      await waitFor(async () => (await accepted()).length >= contacts.length + signUps.length, 20_000)
      // Nothing sent twice to a channel that had answered 2xx: exactly one accepted POST each, Brevo's included.
      await expectDeliveredAsNode('outage', { contacts, signUps }, [...(await accepted()), ...(await sentTo(ENVS.outage.BREVO_API_URL))])
    }, 60_000)

    it('puts a submission that keeps failing in the dead-letter queue, with its reason', async ({ expect }) => {
      expect((await post('doomed', '/contact', { ...contactFields('sans-espoir@exemple.fr'), ...PERSON })).status).toBe(201)
      await waitFor(async () => (await sentTo('https://dead-letters.test/')).length > 0, 20_000)
      const letters = (await sentTo('https://dead-letters.test/')).map(({ body }) => JSON.parse(body) as unknown)
      expect(letters).toEqual([
        {
          queue: 'doomed-dead',
          body: {
            submission: { id: expect.any(String), kind: 'contact', receivedAt: expect.any(String), data: contactFields('sans-espoir@exemple.fr') },
            delivered: [],
            attempts: 2,
            lastError: 'webhook : le webhook a répondu 503',
            reason: '2 essais sans succès ; dernier échec : webhook : le webhook a répondu 503',
            failedAt: expect.any(String),
          },
        },
      ])
      expect((await sentTo(ENVS.doomed.FORMS_WEBHOOK_URL)).map(({ status }) => status)).toEqual([503, 503])
    }, 60_000)
  })

  it('refuses other content types, other origins and bad bodies, and answers preflights', async () => {
    expect((await post('direct', '/contact', { ...CONTACT, ...PERSON }, { 'content-type': 'text/plain' })).status).toBe(415)
    expect((await post('direct', '/contact', { ...CONTACT, ...PERSON }, { origin: 'https://evil.example' })).status).toBe(403)
    expect((await post('direct', '/contact', { ...CONTACT, ...PERSON, firstName: ['x'] }, { 'cf-connecting-ip': '203.0.113.8' })).status).toBe(400)
    const preflight = await preflightContact()
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SITE)
  })

  it('reaches workerd after the test thread was held past the 5 s workerd keeps an idle connection', async () => {
    expect((await preflightContact()).status).toBe(204)
    // Held, not merely waiting: no timer of the client can run, as when the thread is busy under load.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5_500)
    expect((await preflightContact()).status).toBe(204)
  }, 20_000)

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
    await received([ENVS.direct.FORMS_WEBHOOK_URL, ENVS.doomed.FORMS_WEBHOOK_URL])
    try {
      expect((await post('direct', '/contact', { ...contactFields('sans-file@exemple.fr'), ...PERSON }, { 'cf-connecting-ip': '198.51.100.30' })).status).toBe(503)
    } finally {
      await received([ENVS.doomed.FORMS_WEBHOOK_URL])
    }
    expect(workerdOutput.some((line) => line.includes('non remise (webhook : le webhook a répondu 503)'))).toBe(true)
  })

  it('answers 503 when the queue refuses the submission, so the form shows the e-mail fallback', async () => {
    expect((await post('refusing', '/contact', { ...contactFields('refusee@exemple.fr'), ...PERSON })).status).toBe(503)
    expect(workerdOutput.some((line) => line.includes('la file Cloudflare refuse la demande') && line.includes('backlog limit exceeded'))).toBe(true)
    expect(await sentBy('refusing')).toEqual([])
  })

  it('says once per instance how it delivers: through its queue, or directly without one', () => {
    const lines = (text: string) => workerdOutput.filter((line) => line.includes(text))
    expect(lines('pas de liaison FORMS_QUEUE')).toHaveLength(2)
    expect(lines('par la file Cloudflare FORMS_QUEUE, puis FORMS_DEAD_LETTER_QUEUE')).toHaveLength(3)
    expect(lines('essais répétés sans limite (pas de liaison FORMS_DEAD_LETTER_QUEUE)')).toHaveLength(1)
  })
})
