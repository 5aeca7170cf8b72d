// API load bench: one Node server process (as `npm start` runs it), waves of 500 concurrent form posts and
// 20 concurrent generations (offline generator), every answer checked, every accepted submission looked
// up in the delivery log, peak RSS read from /proc. Exits non-zero when anything is lost or refused.
//   node scripts/bench-api.mjs [--rounds 3]
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as esbuild from 'esbuild'
import { NODE_TOOL_OPTIONS, ROOT } from '../esbuild.config.mjs'

const FORM_POSTS = 500
const GENERATIONS = 20
/** Every accepted request must have left the outbox for the log within this time. */
const OUTBOX_DRAIN_LIMIT_MS = 60_000

const SERVER_ENTRY = `
import { startSiteServer } from './src/server/main.ts'
const server = await startSiteServer({ root: process.env.BENCH_ROOT, dataDir: process.env.BENCH_DATA, port: 0, env: process.env })
console.log(JSON.stringify({ url: server.url }))
process.once('SIGTERM', () => server.close().then(() => process.exit(0)))
`

/** Bundles and spawns the server in its own process, so its memory is measured alone. */
async function startServerProcess(workDir) {
  // Inside the repository, so the packages the bundle leaves external resolve from node_modules.
  const entry = path.join(ROOT, '.build', `bench-api-${process.pid}.mjs`)
  await esbuild.build({ stdin: { contents: SERVER_ENTRY, resolveDir: ROOT, loader: 'ts' }, outfile: entry, ...NODE_TOOL_OPTIONS })
  const root = path.join(workDir, 'dist')
  await mkdir(root, { recursive: true })
  await writeFile(path.join(root, 'index.html'), '<!doctype html><title>bench</title>')
  const env = { ...process.env, BENCH_ROOT: root, BENCH_DATA: path.join(workDir, 'data'), SITE_URL: 'http://127.0.0.1', API_RATE_LIMITS: 'contact=1000000,newsletter=1000000,generate=1000000' }
  // The offline generator and the ndjson log: a developer's model or delivery channels stay out of it.
  for (const name of Object.keys(env)) if (/^(LLM_|FORMS_|SMTP_|MAIL_|BREVO_)/.test(name)) delete env[name]
  const child = spawn(process.execPath, [entry], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] })
  const [line] = await once(child.stdout, 'data')
  await rm(entry, { force: true })
  return { child, url: JSON.parse(String(line)).url, dataDir: env.BENCH_DATA }
}

/** CPU time a process has used so far, in seconds (Linux; clock ticks of 1/100 s). */
async function cpuSeconds(pid) {
  try {
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return NaN
  }
}

/** Peak resident memory of a process, in MB (Linux). */
async function peakRssMb(pid) {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8')
    return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1]) / 1024
  } catch {
    return NaN
  }
}

const PERSON = { website: '', elapsedMs: 4_000 }

function formPost(url, round, index) {
  const email = `bench-${round}-${index}@exemple.fr`
  if (index % 2) return { kind: 'newsletter', email, request: fetch(`${url}/api/newsletter`, post({ email, ...PERSON })) }
  const contact = { firstName: 'Camille', name: `Martin ${index}`, email, phone: '', company: 'Banc d’essai', object: `Charge ${round}-${index}`, message: 'Un jeu concours pour nos trois boutiques à Noël, merci.' }
  return { kind: 'contact', email, request: fetch(`${url}/api/contact`, post({ ...contact, ...PERSON })) }
}

function post(body) {
  return { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
}

const GENERATION = { companyName: 'Lemoine', companyActivity: 'boulangerie artisanale', event: 'Noël', additionalInformation: '', gameLanguage: 'fr', llmModel: 'fast' }

async function timed(promise) {
  const started = performance.now()
  const response = await promise
  await response.arrayBuffer()
  return { status: response.status, ms: performance.now() - started }
}

const percentile = (values, share) => values.toSorted((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))]

export async function runApiBench({ rounds = 3 } = {}) {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'ludora-bench-api-'))
  const { child, url, dataDir } = await startServerProcess(workDir)
  try {
    const expected = []
    const answers = []
    const cpuBefore = await cpuSeconds(child.pid)
    const started = performance.now()
    for (let round = 0; round < rounds; round++) {
      const posts = Array.from({ length: FORM_POSTS }, (_, index) => formPost(url, round, index))
      expected.push(...posts)
      const generations = Array.from({ length: GENERATIONS }, (_, index) => fetch(`${url}/api/ai/generate`, post({ ...GENERATION, gameType: index % 2 })))
      answers.push(...(await Promise.all([...posts.map(({ request }) => timed(request)), ...generations.map((request) => timed(request))])))
    }
    const seconds = (performance.now() - started) / 1000
    const serverCpuSeconds = (await cpuSeconds(child.pid)) - cpuBefore
    const peak = await peakRssMb(child.pid)

    // Each 201 means "safe in the outbox"; delivery then writes the log. Wait for the outbox to drain.
    const drainStarted = performance.now()
    let lost = expected
    let pending = Infinity
    while (performance.now() - drainStarted < OUTBOX_DRAIN_LIMIT_MS) {
      const logged = new Set()
      for (const kind of ['contact', 'newsletter']) {
        const text = await readFile(path.join(dataDir, `${kind}.ndjson`), 'utf8').catch(() => '')
        for (const line of text.split('\n').filter(Boolean)) logged.add(`${kind} ${JSON.parse(line).email}`)
      }
      lost = expected.filter(({ kind, email }) => !logged.has(`${kind} ${email}`))
      pending = (await readdir(path.join(dataDir, 'outbox')).catch(() => [])).filter((file) => file.endsWith('.json')).length
      if (!lost.length && !pending) break
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    const drainSeconds = (performance.now() - drainStarted) / 1000
    const refused = answers.filter(({ status }) => status !== 200 && status !== 201)
    const latencies = answers.map(({ ms }) => ms)
    return {
      requests: answers.length,
      formPosts: expected.length,
      generations: rounds * GENERATIONS,
      refused: refused.length,
      refusedStatuses: [...new Set(refused.map(({ status }) => status))],
      lost: lost.length,
      outboxPending: pending,
      drainSeconds,
      seconds,
      requestsPerSecond: answers.length / seconds,
      p50Ms: percentile(latencies, 0.5),
      p95Ms: percentile(latencies, 0.95),
      maxMs: Math.max(...latencies),
      peakRssMb: peak,
      // What the server itself spent: on a shared machine, requests/s mostly says how busy the others are.
      serverCpuMsPerRequest: (serverCpuSeconds * 1000) / answers.length,
      serverCpuShare: serverCpuSeconds / seconds,
    }
  } finally {
    child.kill('SIGTERM')
    await once(child, 'exit')
    await rm(workDir, { recursive: true, force: true })
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const roundsFlag = process.argv.indexOf('--rounds')
  const rounds = roundsFlag > 0 ? Number(process.argv[roundsFlag + 1]) : 3
  const result = await runApiBench({ rounds })
  const round = (value) => Math.round(value * 10) / 10
  console.log(`API : ${result.requests} requêtes (${result.formPosts} formulaires, ${result.generations} générations) par vagues de ${FORM_POSTS} + ${GENERATIONS} simultanées`)
  console.log(`  ${round(result.requestsPerSecond)} requêtes/s · latence p50 ${round(result.p50Ms)} ms, p95 ${round(result.p95Ms)} ms, max ${round(result.maxMs)} ms`)
  console.log(`  serveur : ${round(result.serverCpuMsPerRequest)} ms de CPU par requête (${Math.round(result.serverCpuShare * 100)} % d'un cœur pendant la mesure), mémoire résidente maximale ${round(result.peakRssMb)} Mo`)
  console.log(`  charge de la machine (1 min) : ${round(os.loadavg()[0])} pour ${os.cpus().length} cœurs`)
  console.log(`  refusées : ${result.refused}${result.refused ? ` (${result.refusedStatuses.join(', ')})` : ''} · perdues : ${result.lost} · encore dans la file : ${result.outboxPending} (file vidée en ${round(result.drainSeconds)} s)`)
  if (result.refused || result.lost || result.outboxPending) process.exitCode = 1
}
