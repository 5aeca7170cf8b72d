import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, open, readdir, rm, writeFile, type FileHandle } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createSubmission, DeliveryError, type Submission } from '#src/server/delivery/delivery'
import { DeliveryConfigError } from '#src/server/delivery/delivery-config'
import { createNodeDelivery, type NodeDeliveryOptions, type Timers } from '#src/server/delivery/node-delivery'
import type { OutboxEntry } from '#src/server/delivery/outbox'
import { startSmtpSink } from './test-servers'

const HOOK = 'https://hooks.exemple.fr/ludora'
const T0 = Date.parse('2026-11-22T13:00:00Z')
const contactRequest = { firstName: 'Camille', name: 'Martin', email: 'camille@exemple.fr', phone: '', company: 'Lemoine', object: 'Devis', message: 'Un jeu de Noël pour nos trois boutiques.' }

/** Time that moves only when the test says so; the worker's sleeps are timers on it. */
function manualClock() {
  let time = T0
  let nextHandle = 1
  const pending = new Map<number, { at: number; callback: () => void }>()
  const timers: Timers = {
    setTimeout(callback, ms) {
      pending.set(nextHandle, { at: time + ms, callback })
      return nextHandle++
    },
    clearTimeout: (handle) => void pending.delete(handle as number),
  }
  return {
    now: () => time,
    timers,
    /** The worker has nothing to do before its timer: it is asleep. */
    asleep: () => pending.size === 1,
    wakesAt: () => Math.min(...[...pending.values()].map(({ at }) => at)),
    advance(ms: number) {
      time += ms
      for (const [handle, timer] of [...pending]) {
        if (timer.at > time) continue
        pending.delete(handle)
        timer.callback()
      }
    },
  }
}

/** A webhook receiver behind a stubbed fetch: what it got, and what it answers. */
function webhookStub(status = 200) {
  const received: Submission[] = []
  const stub = {
    status,
    hang: false,
    received,
    fetch: (async (_url: string | URL | Request, init?: RequestInit) => {
      received.push(JSON.parse(new TextDecoder().decode(init!.body as Uint8Array)) as Submission)
      if (stub.hang) {
        return new Promise<Response>((_resolve, reject) => init!.signal!.addEventListener('abort', () => reject(new Error('aborted'))))
      }
      return new Response(null, { status: stub.status })
    }) as typeof fetch,
  }
  return stub
}

function collectingLogger() {
  const lines = { info: [] as string[], warn: [] as string[], error: [] as string[] }
  return { lines, logger: { info: (line: string) => lines.info.push(line), warn: (line: string) => lines.warn.push(line), error: (line: string) => lines.error.push(line) } }
}

let dataDir: string
let clock: ReturnType<typeof manualClock>
let log: ReturnType<typeof collectingLogger>
const cleanups: (() => unknown)[] = []

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'ludora-delivery-'))
  clock = manualClock()
  log = collectingLogger()
})

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  await rm(dataDir, { recursive: true, force: true })
})

function start(options: Partial<NodeDeliveryOptions> & Pick<NodeDeliveryOptions, 'env'>) {
  const delivery = createNodeDelivery({ dataDir, now: clock.now, timers: clock.timers, random: () => 0.5, logger: log.logger, retry: { baseMs: 1000, capMs: 4000 }, ...options })
  cleanups.push(() => delivery.close())
  return delivery
}

/** Every step fsyncs: on a loaded machine a step can take longer than expect.poll's default second. */
const eventually = <T>(read: () => T) => expect.poll(read, { timeout: 10_000 })

const entryFile = (id: string) => path.join(dataDir, 'outbox', `${id}.json`)
const readEntry = (id: string) => JSON.parse(readFileSync(entryFile(id), 'utf8')) as OutboxEntry

describe('Node delivery', () => {
  it('has the submission on disk, flushed, in the outbox when accept resolves', async () => {
    const flushed: string[] = []
    const probe = await open(dataDir, 'r')
    const fileHandle = Object.getPrototypeOf(probe) as FileHandle
    await probe.close()
    const sync = fileHandle.sync
    vi.spyOn(fileHandle, 'sync').mockImplementation(async function (this: FileHandle) {
      flushed.push((await this.stat()).isDirectory() ? 'directory' : 'file')
      return sync.call(this)
    })
    const hook = webhookStub()
    hook.hang = true
    const delivery = start({ env: { FORMS_WEBHOOK_URL: HOOK }, fetch: hook.fetch })
    const submission = createSubmission('contact', contactRequest)
    await delivery.accept(submission)
    expect(readEntry(submission.id)).toMatchObject({ submission, delivered: [], attempts: 0 })
    expect(flushed).toEqual(['directory', 'file', 'directory'])

    // Closing mid-delivery aborts the attempt and keeps the submission for the next start.
    await eventually(() => hook.received.length).toBe(1)
    await delivery.close()
    expect(readEntry(submission.id)).toMatchObject({ submission, delivered: [], attempts: 1 })
  })

  it('retries a failing channel with capped exponential backoff and jitter until it is delivered', async () => {
    const hook = webhookStub(503)
    const delivery = start({ env: { FORMS_WEBHOOK_URL: HOOK }, fetch: hook.fetch })
    const submission = createSubmission('newsletter', { email: 'lecteur@exemple.fr' })
    await delivery.accept(submission)

    // Random 0.5 → 75 % of 1 s, 2 s, 4 s, then capped at 4 s.
    for (const [attempt, delay] of [
      [1, 750],
      [2, 1500],
      [3, 3000],
      [4, 3000],
    ] as const) {
      await eventually(() => hook.received.length).toBe(attempt)
      await eventually(() => clock.asleep()).toBe(true)
      expect(readEntry(submission.id)).toMatchObject({ attempts: attempt, nextAttemptAt: clock.now() + delay, lastError: 'webhook : le webhook a répondu 503' })
      expect(clock.wakesAt()).toBe(clock.now() + delay)
      clock.advance(delay - 1)
      expect(hook.received).toHaveLength(attempt)
      if (attempt === 4) hook.status = 200
      clock.advance(1)
    }
    // The success is logged last, once the entry is removed.
    await eventually(() => log.lines.info).toEqual([`Livraison : demande ${submission.id} (newsletter) remise après 5 essais (webhook)`])
    expect(existsSync(entryFile(submission.id))).toBe(false)
    expect(hook.received).toHaveLength(5)
    expect(hook.received.every((body) => body.id === submission.id)).toBe(true)
    expect(log.lines.warn).toHaveLength(4)
    expect(log.lines.warn[0]).toBe(`Livraison : demande ${submission.id} (newsletter) non remise par webhook : le webhook a répondu 503`)
  })

  it('delivers after a restart what was still pending, and clears interrupted writes', async () => {
    const down = webhookStub(500)
    const first = start({ env: { FORMS_WEBHOOK_URL: HOOK }, fetch: down.fetch })
    const submission = createSubmission('contact', contactRequest)
    await first.accept(submission)
    await eventually(() => clock.asleep()).toBe(true)
    await first.close()
    await writeFile(path.join(dataDir, 'outbox', 'interrompue.json.tmp'), '{"submission":')

    const up = webhookStub(200)
    start({ env: { FORMS_WEBHOOK_URL: HOOK }, fetch: up.fetch })
    await eventually(() => up.received.map((body) => body.id)).toEqual([submission.id])
    await eventually(() => readdir(path.join(dataDir, 'outbox'))).toEqual([])
  })

  it('tries a channel that is down once per pass, not once per pending submission', async () => {
    const down = webhookStub(500)
    const first = start({ env: { FORMS_WEBHOOK_URL: HOOK }, fetch: down.fetch })
    for (let index = 0; index < 3; index++) await first.accept(createSubmission('newsletter', { email: `lecteur${index}@exemple.fr` }))
    await eventually(() => down.received.length).toBe(3)
    await eventually(() => clock.asleep()).toBe(true)
    await first.close()

    const stillDown = webhookStub(500)
    start({ env: { FORMS_WEBHOOK_URL: HOOK }, fetch: stillDown.fetch })
    await eventually(() => clock.asleep()).toBe(true)
    expect(stillDown.received).toHaveLength(1)
    const entries = await readdir(path.join(dataDir, 'outbox'))
    expect(entries.map((name) => readEntry(name.replace('.json', '')).attempts)).toEqual([2, 2, 2])
  })

  it('sends e-mail once the SMTP server is back, without sending the webhook again', async () => {
    const sink = await startSmtpSink()
    const port = sink.port
    await sink.close()
    const hook = webhookStub(200)
    const env = { FORMS_WEBHOOK_URL: HOOK, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), MAIL_FROM: 'site@ludora.fr', MAIL_TO: 'equipe@ludora.fr' }
    const delivery = start({ env, fetch: hook.fetch })
    const submission = createSubmission('contact', contactRequest)
    await delivery.accept(submission)

    await eventually(() => clock.asleep()).toBe(true)
    expect(readEntry(submission.id)).toMatchObject({ delivered: ['webhook'], attempts: 1, lastError: expect.stringMatching(/^smtp : /) })
    const restarted = await startSmtpSink({ port })
    cleanups.push(restarted.close)
    clock.advance(750)

    await eventually(() => restarted.messages.length).toBe(1)
    expect(restarted.messages[0]!.headers['message-id']).toBe(`<${submission.id}@ludora.fr>`)
    await eventually(() => existsSync(entryFile(submission.id))).toBe(false)
    expect(hook.received).toHaveLength(1)
  })

  it('writes to the ndjson log when no channel is configured', async () => {
    const delivery = start({ env: {} })
    const submission = createSubmission('contact', contactRequest, new Date('2026-11-22T13:03:00Z'))
    await delivery.accept(submission)
    await eventually(() => readFileSync(path.join(dataDir, 'contact.ndjson'), 'utf8')).toBe(JSON.stringify({ id: submission.id, receivedAt: '2026-11-22T13:03:00.000Z', ...contactRequest }) + '\n')
    await eventually(() => existsSync(entryFile(submission.id))).toBe(false)
  })

  it('keeps what a provider refuses for good in refused.ndjson instead of retrying it', async () => {
    const brevo = (async () => new Response(JSON.stringify({ code: 'invalid_parameter', message: 'Invalid email address' }), { status: 400 })) as typeof fetch
    const env = { BREVO_API_KEY: 'xkeysib-test', BREVO_LIST_ID: '7', BREVO_DOI_TEMPLATE_ID: '12', BREVO_DOI_REDIRECT_URL: 'https://www.ludora.fr/merci' }
    const delivery = start({ env, fetch: brevo })
    const submission = createSubmission('newsletter', { email: 'lecteur@exemple.fr' })
    await delivery.accept(submission)
    await eventually(() => existsSync(entryFile(submission.id))).toBe(false)
    const refused = JSON.parse(readFileSync(path.join(dataDir, 'refused.ndjson'), 'utf8'))
    expect(refused).toEqual({ ...submission, channel: 'brevo', reason: 'Brevo a répondu 400 invalid_parameter : Invalid email address' })
    expect(log.lines.error).toHaveLength(1)
  })

  it('rejects with DeliveryError when the outbox cannot be written', async () => {
    const notADirectory = path.join(dataDir, 'fichier')
    await writeFile(notADirectory, '')
    const delivery = start({ env: {}, dataDir: path.join(notADirectory, 'data') })
    await expect(delivery.accept(createSubmission('contact', contactRequest))).rejects.toThrow(DeliveryError)
    expect(log.lines.error.some((line) => line.startsWith("Livraison : impossible d'écrire la demande"))).toBe(true)
  })

  it('refuses new submissions once too many are pending', async () => {
    const delivery = start({ env: { FORMS_WEBHOOK_URL: HOOK }, fetch: webhookStub(500).fetch, maxPending: 2 })
    await delivery.accept(createSubmission('contact', contactRequest))
    await delivery.accept(createSubmission('contact', contactRequest))
    await expect(delivery.accept(createSubmission('contact', contactRequest))).rejects.toThrow(DeliveryError)
  })

  it('refuses to start with a half-configured channel', () => {
    expect(() => start({ env: { BREVO_API_KEY: 'xkeysib-test', BREVO_LIST_ID: '7' } })).toThrow(DeliveryConfigError)
    expect(() => start({ env: { SMTP_HOST: 'smtp.exemple.fr' } })).toThrow(/MAIL_FROM/)
  })
})
