import { describe, expect, it } from 'vitest'
import { createSubmission, DeliveryError, type PendingSubmission } from '#src/server/delivery/delivery'
import { consumeSubmissions, createQueueDelivery, type QueueMessage, type QueueProducer } from '#src/server/delivery/queue-delivery'
import { readServerlessDelivery } from '#src/server/delivery/serverless-delivery'

const HOOK = 'https://hooks.exemple.fr/ludora'
const BREVO = { BREVO_API_KEY: 'xkeysib-test', BREVO_LIST_ID: '7', BREVO_DOI_TEMPLATE_ID: '12', BREVO_DOI_REDIRECT_URL: 'https://www.ludora.fr/merci' }
const BREVO_URL = 'https://api.brevo.com/v3/contacts/doubleOptinConfirmation'
const contact = createSubmission('contact', { firstName: 'Camille', name: 'Martin', email: 'camille@exemple.fr', phone: '', company: 'Lemoine', object: 'Devis', message: 'Un jeu de Noël pour nos trois boutiques.' })
const signUp = createSubmission('newsletter', { email: 'lecteur@exemple.fr' })

function logs() {
  const lines: string[] = []
  return { lines, logger: { info: (line: string) => lines.push(line), warn: (line: string) => lines.push(line), error: (line: string) => lines.push(line) } }
}

/** A producer binding that keeps what it is sent, or refuses it. */
function fakeQueue({ refuse = false } = {}) {
  const sent: { body: PendingSubmission & { reason?: string }; delaySeconds?: number; contentType?: string }[] = []
  const queue: QueueProducer = {
    async send(body, options = {}) {
      if (refuse) throw new Error('Queue send failed')
      sent.push({ body: structuredClone(body) as PendingSubmission, ...options })
    },
  }
  return { sent, queue }
}

/** A message as the Worker's queue() handler receives it, recording whether it was acknowledged or retried. */
function message(body: unknown, attempts = 1) {
  const outcome: { acked: boolean; retried?: { delaySeconds?: number } } = { acked: false }
  const received: QueueMessage = {
    id: crypto.randomUUID(),
    body,
    attempts,
    ack: () => void (outcome.retried ?? (outcome.acked = true)),
    retry: (options = {}) => void (outcome.acked || (outcome.retried = options)),
  }
  return { received, outcome }
}

/** Answers by URL; counts the calls. */
function stubFetch(statuses: { hook?: number; brevo?: number; brevoBody?: string }) {
  const calls: string[] = []
  const fetch = (async (url: string | URL | Request) => {
    calls.push(String(url))
    return String(url) === HOOK ? new Response(null, { status: statuses.hook ?? 204 }) : new Response(statuses.brevoBody ?? null, { status: statuses.brevo ?? 201 })
  }) as typeof globalThis.fetch
  return { calls, fetch }
}

const settings = (env: Record<string, string> = {}) => readServerlessDelivery({ FORMS_WEBHOOK_URL: HOOK, ...BREVO, ...env })
const pending = (submission = signUp, more: Partial<PendingSubmission> = {}): PendingSubmission => ({ submission, delivered: [], attempts: 0, ...more })

describe('Cloudflare Queues delivery', () => {
  it('answers once the queue holds the submission, as JSON the dashboard can show, and refuses it when the queue does', async () => {
    const { sent, queue } = fakeQueue()
    await createQueueDelivery(queue, settings()).accept(contact)
    expect(sent).toEqual([{ body: { submission: contact, delivered: [], attempts: 0 }, contentType: 'json' }])
    const { lines, logger } = logs()
    await expect(createQueueDelivery(fakeQueue({ refuse: true }).queue, settings(), { logger }).accept(contact)).rejects.toThrow(DeliveryError)
    expect(lines).toEqual([`Livraison : la file Cloudflare refuse la demande ${contact.id} (contact) : Queue send failed`])
    // No channel for contact requests: refused before the queue, as the direct delivery does.
    await expect(createQueueDelivery(queue, readServerlessDelivery(BREVO, logger), { logger }).accept(contact)).rejects.toThrow(DeliveryError)
    expect(sent).toHaveLength(1)
  })

  it('acknowledges a message every channel took, and sends nothing back', async () => {
    const { sent, queue } = fakeQueue()
    const stub = stubFetch({})
    const { received, outcome } = message(pending())
    await consumeSubmissions({ queue: 'ludora-forms', messages: [received] }, { settings: settings(), queue, fetch: stub.fetch })
    expect(outcome).toEqual({ acked: true })
    expect(stub.calls).toEqual([HOOK, BREVO_URL])
    expect(sent).toEqual([])
  })

  it('sends a partly delivered submission back with the channels it reached, so a retry skips them', async () => {
    const { sent, queue } = fakeQueue()
    const { lines, logger } = logs()
    const first = message(pending())
    await consumeSubmissions({ queue: 'ludora-forms', messages: [first.received] }, { settings: settings(), queue, fetch: stubFetch({ brevo: 503 }).fetch, logger, random: () => 0 })
    expect(first.outcome).toEqual({ acked: true })
    expect(sent).toEqual([{ body: pending(signUp, { delivered: ['webhook'], attempts: 1, lastError: 'brevo : Brevo a répondu 503' }), contentType: 'json', delaySeconds: 8 }])
    expect(lines).toEqual([`Livraison : demande ${signUp.id} (newsletter) non remise (brevo : Brevo a répondu 503) ; essai 1, le suivant dans 8 s`])
    const stub = stubFetch({})
    const second = message(sent[0]!.body)
    await consumeSubmissions({ queue: 'ludora-forms', messages: [second.received] }, { settings: settings(), queue, fetch: stub.fetch, logger })
    expect(stub.calls).toEqual([BREVO_URL])
    expect(second.outcome).toEqual({ acked: true })
    expect(lines.at(-1)).toBe(`Livraison : demande ${signUp.id} (newsletter) remise après 2 essais (webhook, brevo)`)
  })

  it('waits longer after each failure: the backoff doubles from DELIVERY_RETRY_BASE_SECONDS up to DELIVERY_RETRY_MAX_SECONDS', async () => {
    const { sent, queue } = fakeQueue()
    const { logger } = logs()
    let body: unknown = pending(contact)
    for (let attempt = 0; attempt < 6; attempt++) {
      const { received } = message(body)
      await consumeSubmissions({ queue: 'ludora-forms', messages: [received] }, { settings: settings({ DELIVERY_RETRY_BASE_SECONDS: '15', DELIVERY_RETRY_MAX_SECONDS: '300' }), queue, fetch: stubFetch({ hook: 500 }).fetch, logger, random: () => 0.999999 })
      body = sent.at(-1)!.body
    }
    expect(sent.map(({ delaySeconds, body: { attempts } }) => [attempts, delaySeconds])).toEqual([
      [1, 15],
      [2, 30],
      [3, 60],
      [4, 120],
      [5, 240],
      [6, 300],
    ])
  })

  it('puts a submission in the dead-letter queue after DELIVERY_MAX_ATTEMPTS, with the reason, and retries forever without one', async () => {
    const { sent, queue } = fakeQueue()
    const deadLetters = fakeQueue()
    const { lines, logger } = logs()
    const last = message(pending(contact, { attempts: 2 }))
    await consumeSubmissions({ queue: 'ludora-forms', messages: [last.received] }, { settings: settings({ DELIVERY_MAX_ATTEMPTS: '3' }), queue, deadLetters: deadLetters.queue, fetch: stubFetch({ hook: 502 }).fetch, logger, now: () => new Date('2026-11-24T10:00:00Z') })
    expect(last.outcome).toEqual({ acked: true })
    expect(sent).toEqual([])
    expect(deadLetters.sent).toEqual([
      {
        body: { ...pending(contact, { attempts: 3, lastError: 'webhook : le webhook a répondu 502' }), reason: '3 essais sans succès ; dernier échec : webhook : le webhook a répondu 502', failedAt: '2026-11-24T10:00:00.000Z' },
        contentType: 'json',
      },
    ])
    expect(lines).toEqual([`Livraison : demande ${contact.id} (contact) placée dans la file des lettres mortes après 3 essais (webhook : le webhook a répondu 502)`])
    const without = message(pending(contact, { attempts: 2 }))
    await consumeSubmissions({ queue: 'ludora-forms', messages: [without.received] }, { settings: settings({ DELIVERY_MAX_ATTEMPTS: '3' }), queue, fetch: stubFetch({ hook: 502 }).fetch, logger })
    expect(sent.map(({ body: { attempts } }) => attempts)).toEqual([3])
  })

  it('gives a replayed dead letter a fresh series of attempts, back in the main queue', async () => {
    const { sent, queue } = fakeQueue()
    const letter = { ...pending(contact, { attempts: 40, lastError: 'webhook : le webhook a répondu 502' }), reason: '40 essais sans succès', failedAt: '2026-11-24T10:00:00.000Z' }
    const { received, outcome } = message(letter)
    await consumeSubmissions({ queue: 'ludora-forms-dlq', messages: [received] }, { settings: settings(), queue, deadLetters: fakeQueue().queue, fetch: stubFetch({ hook: 502 }).fetch, logger: logs().logger })
    expect(outcome).toEqual({ acked: true })
    expect(sent.map(({ body }) => body)).toEqual([pending(contact, { attempts: 1, lastError: 'webhook : le webhook a répondu 502' })])
  })

  it('keeps what a receiver refuses for good in the dead-letter queue, and stops sending it there', async () => {
    const { sent, queue } = fakeQueue()
    const deadLetters = fakeQueue()
    const { received, outcome } = message(pending())
    const brevoBody = JSON.stringify({ code: 'invalid_parameter', message: 'email is not valid' })
    await consumeSubmissions({ queue: 'ludora-forms', messages: [received] }, { settings: settings(), queue, deadLetters: deadLetters.queue, fetch: stubFetch({ brevo: 400, brevoBody }).fetch, logger: logs().logger })
    expect(outcome).toEqual({ acked: true })
    expect(sent).toEqual([])
    expect(deadLetters.sent.map(({ body }) => [body.delivered, body.reason])).toEqual([[['webhook', 'brevo'], 'brevo refuse définitivement cette demande : Brevo a répondu 400 invalid_parameter : email is not valid']])
  })

  it('lets Cloudflare retry the message itself when it cannot be sent back, and leaves an unreadable one to the platform', async () => {
    const { logger } = logs()
    const failing = message(pending(contact))
    await consumeSubmissions({ queue: 'ludora-forms', messages: [failing.received] }, { settings: settings(), queue: fakeQueue({ refuse: true }).queue, fetch: stubFetch({ hook: 500 }).fetch, logger, random: () => 0 })
    expect(failing.outcome).toEqual({ acked: false, retried: { delaySeconds: 8 } })
    const unreadable = message({ hello: 'world' })
    const stub = stubFetch({})
    await consumeSubmissions({ queue: 'ludora-forms', messages: [unreadable.received] }, { settings: settings(), queue: fakeQueue().queue, fetch: stub.fetch, logger })
    expect(unreadable.outcome).toEqual({ acked: false, retried: {} })
    expect(stub.calls).toEqual([])
  })
})
