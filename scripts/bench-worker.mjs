// Worker load bench: the API built as `node scripts/build-api.mjs cloudflare` builds it, in workerd (Miniflare
// 3) with its Cloudflare Queue, the webhook and the visitors as Workers beside it. Waves of form posts at once
// with the webhook up (requests per second, latencies), then a webhook outage during a wave: every answer
// must be 201, every submission must reach the webhook once it is back, none twice. Exits non-zero when
// anything is refused, lost or sent twice.
//   node scripts/bench-worker.mjs [--rounds 3] [--outage 30]
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Miniflare } from 'miniflare'
import { bundleApi } from './build-api.mjs'
import { harnessWorkers, postForms, receivedPosts } from './worker-harness.mjs'

const SITE = 'https://www.ludora.fr'
const HOOK = 'https://hooks.test/ludora'
const FORM_POSTS = 500
/** After the outage, everything must have reached the webhook within this time. */
const DRAIN_LIMIT_MS = 120_000
const PERSON = { website: '', elapsedMs: 4_000 }

let visitors = 0
function formPost(label, index) {
  visitors += 1
  const address = `198.18.${Math.floor(visitors / 250) % 256}.${(visitors % 250) + 1}`
  const email = `bench-${label}-${index}@exemple.fr`
  if (index % 2) return { email, path: '/newsletter', body: { email, ...PERSON }, address }
  const contact = { firstName: 'Camille', name: `Martin ${index}`, email, phone: '', company: 'Banc d’essai', object: `Charge ${label}-${index}`, message: 'Un jeu concours pour nos trois boutiques à Noël, merci.' }
  return { email, path: '/contact', body: { ...contact, ...PERSON }, address }
}

const percentile = (values, share) => values.toSorted((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))]
const emailOf = ({ body }) => JSON.parse(body).data.email

/**
 * `retryBaseSeconds` and `retryMaxSeconds` are the Worker's DELIVERY_RETRY_* settings (production's 15 s
 * and one hour by default): the time to drain after an outage follows from them.
 */
export async function runWorkerBench({ rounds = 3, outageSeconds = 30, retryBaseSeconds = 15, retryMaxSeconds = 3600 } = {}) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ludora-bench-worker-'))
  const [bundle] = await bundleApi('cloudflare', { outdir: dir })
  const miniflare = new Miniflare({
    workers: [
      {
        name: 'api',
        modules: true,
        scriptPath: bundle,
        modulesRoot: dir,
        compatibilityDate: '2025-07-18',
        bindings: { SITE_URL: SITE, FORMS_WEBHOOK_URL: HOOK, FORMS_WEBHOOK_SECRET: 'banc d’essai', DELIVERY_RETRY_BASE_SECONDS: String(retryBaseSeconds), DELIVERY_RETRY_MAX_SECONDS: String(retryMaxSeconds) },
        queueProducers: { FORMS_QUEUE: 'forms', FORMS_DEAD_LETTER_QUEUE: 'forms-dead' },
        // As deploy/cloudflare/wrangler.toml sets it, but with batches of 100 (Cloudflare's maximum).
        queueConsumers: { forms: { maxBatchSize: 100, maxBatchTimeout: 1, maxRetries: 10, retryDelay: 60, deadLetterQueue: 'forms-dead' } },
        outboundService: 'receiver',
      },
      ...harnessWorkers({ targets: ['api'], origin: SITE }),
    ],
    // The Worker's log of each failed attempt during the outage is not the bench's to print.
    handleRuntimeStdio(stdout, stderr) {
      stdout.resume()
      stderr.resume()
    },
  })
  try {
    await miniflare.ready
    const answers = []
    const expected = []
    const started = performance.now()
    for (let round = 0; round < rounds; round++) {
      const posts = Array.from({ length: FORM_POSTS }, (_, index) => formPost(`r${round}`, index))
      expected.push(...posts.map(({ email }) => email))
      answers.push(...(await postForms(miniflare, 'api', posts, 'concurrent')))
    }
    const seconds = (performance.now() - started) / 1000
    const delivered = async () => new Set((await receivedPosts(miniflare)).filter(({ status }) => status < 300).map(emailOf))
    const drainStarted = performance.now()
    while ((await delivered()).size < expected.length && performance.now() - drainStarted < DRAIN_LIMIT_MS) await new Promise((resolve) => setTimeout(resolve, 200))
    const loadDrainSeconds = (performance.now() - drainStarted) / 1000

    // The outage: the webhook answers 503 from before the wave until `outageSeconds` after its start.
    await receivedPosts(miniflare, [HOOK])
    const outageStarted = performance.now()
    const outagePosts = Array.from({ length: FORM_POSTS }, (_, index) => formPost('outage', index))
    const outageAnswers = await postForms(miniflare, 'api', outagePosts, 'concurrent')
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, outageSeconds * 1000 - (performance.now() - outageStarted))))
    await receivedPosts(miniflare, [])
    const backAt = performance.now()
    const everything = [...expected, ...outagePosts.map(({ email }) => email)]
    while ((await delivered()).size < everything.length && performance.now() - backAt < DRAIN_LIMIT_MS) await new Promise((resolve) => setTimeout(resolve, 200))
    const outageDrainSeconds = (performance.now() - backAt) / 1000

    const posts = await receivedPosts(miniflare)
    const accepted = posts.filter(({ status }) => status < 300).map(emailOf)
    const got = new Set(accepted)
    const refused = [...answers, ...outageAnswers].filter(({ status }) => status !== 201)
    const latencies = answers.map(({ ms }) => ms)
    return {
      requests: answers.length,
      seconds,
      requestsPerSecond: answers.length / seconds,
      p50Ms: percentile(latencies, 0.5),
      p95Ms: percentile(latencies, 0.95),
      loadDrainSeconds,
      outageSeconds,
      outageRequests: outageAnswers.length,
      failedAttemptsDuringOutage: posts.filter(({ status }) => status === 503).length,
      outageDrainSeconds,
      refused: refused.length,
      refusedStatuses: [...new Set(refused.map(({ status }) => status))],
      lost: everything.filter((email) => !got.has(email)).length,
      duplicates: accepted.length - got.size,
      retry: { baseSeconds: retryBaseSeconds, maxSeconds: retryMaxSeconds },
    }
  } finally {
    await miniflare.dispose()
    await rm(dir, { recursive: true, force: true })
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const option = (name, fallback) => (process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback)
  const result = await runWorkerBench({ rounds: option('--rounds', 3), outageSeconds: option('--outage', 30) })
  const round = (value) => Math.round(value * 10) / 10
  console.log(`Worker (workerd, file Cloudflare) : ${result.requests} formulaires par vagues de ${FORM_POSTS} simultanés`)
  console.log(`  ${round(result.requestsPerSecond)} requêtes/s · latence p50 ${round(result.p50Ms)} ms, p95 ${round(result.p95Ms)} ms · tous remis ${round(result.loadDrainSeconds)} s après la dernière réponse`)
  console.log(`  panne du webhook de ${result.outageSeconds} s pendant une vague de ${result.outageRequests} : ${result.failedAttemptsDuringOutage} essais refusés, tout remis ${round(result.outageDrainSeconds)} s après son retour (nouvel essai après ${result.retry.baseSeconds} s, doublé ensuite)`)
  console.log(`  charge de la machine (1 min) : ${round(os.loadavg()[0])} pour ${os.cpus().length} cœurs`)
  console.log(`  refusées : ${result.refused}${result.refused ? ` (${result.refusedStatuses.join(', ')})` : ''} · perdues : ${result.lost} · remises deux fois : ${result.duplicates}`)
  if (result.refused || result.lost || result.duplicates) process.exitCode = 1
}
