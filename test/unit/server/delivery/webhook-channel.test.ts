import { createHmac, timingSafeEqual } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { createSubmission } from '#src/server/delivery/delivery'
import { createWebhookChannel } from '#src/server/delivery/webhook-channel'
import { startHttpReceiver } from './test-servers'

const SECRET = 'un-secret-partagé-avec-n8n'
const never = new AbortController().signal
const contact = createSubmission('contact', { firstName: 'Camille', name: 'Martin', email: 'camille@exemple.fr', message: 'Un jeu « de Noël » pour nos boutiques ✨' }, new Date('2026-11-22T13:03:00Z'))

let closeReceiver: (() => Promise<void>) | undefined
afterEach(async () => {
  await closeReceiver?.()
  closeReceiver = undefined
})

async function receiver(answer: Parameters<typeof startHttpReceiver>[0]) {
  const started = await startHttpReceiver(answer)
  closeReceiver = started.close
  return started
}

/** What a receiver (n8n, Make, a CRM) does: HMAC of the raw bytes, compared in constant time. */
function signatureIsValid(body: Buffer, header: unknown): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`)
  const received = Buffer.from(String(header))
  return expected.length === received.length && timingSafeEqual(expected, received)
}

describe('webhook channel', () => {
  it('POSTs the documented JSON body, signed with HMAC-SHA256 of the raw bytes, with the delivery id', async () => {
    const hook = await receiver(() => ({ status: 204 }))
    await createWebhookChannel({ url: `${hook.url}/hooks/forms`, secret: SECRET }, { fetch }).send(contact, never)

    const [request] = hook.requests
    expect(request).toMatchObject({ method: 'POST', path: '/hooks/forms' })
    expect(request!.headers['content-type']).toBe('application/json')
    expect(request!.headers['x-ludora-delivery-id']).toBe(contact.id)
    expect(signatureIsValid(request!.body, request!.headers['x-ludora-signature'])).toBe(true)
    expect(JSON.parse(request!.body.toString('utf8'))).toEqual({ id: contact.id, kind: 'contact', receivedAt: '2026-11-22T13:03:00.000Z', data: contact.data })
  })

  it('a signature made with another secret or over other bytes does not verify', async () => {
    const hook = await receiver(() => ({ status: 200 }))
    await createWebhookChannel({ url: hook.url, secret: 'autre-secret' }, { fetch }).send(contact, never)
    const [request] = hook.requests
    expect(signatureIsValid(request!.body, request!.headers['x-ludora-signature'])).toBe(false)
    expect(signatureIsValid(Buffer.concat([request!.body, Buffer.from(' ')]), request!.headers['x-ludora-signature'])).toBe(false)
  })

  it('sends no signature header without a secret', async () => {
    const hook = await receiver(() => ({ status: 200 }))
    await createWebhookChannel({ url: hook.url }, { fetch }).send(contact, never)
    expect(hook.requests[0]!.headers['x-ludora-signature']).toBeUndefined()
  })

  it('fails on any answer outside 2xx, a redirect included', async () => {
    for (const status of [500, 404, 302]) {
      const hook = await receiver(() => ({ status }))
      await expect(createWebhookChannel({ url: hook.url }, { fetch }).send(contact, never)).rejects.toThrow(`le webhook a répondu ${status}`)
      await closeReceiver!()
      closeReceiver = undefined
    }
  })

  it('gives up when the receiver does not answer in time', async () => {
    const hook = await receiver(() => ({ status: 200, hang: true }))
    await expect(createWebhookChannel({ url: hook.url }, { fetch, timeoutMs: 200 }).send(contact, never)).rejects.toThrow('pas de réponse en 0,2 s')
  })
})
