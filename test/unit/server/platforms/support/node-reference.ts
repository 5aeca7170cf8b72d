import { expect } from 'vitest'
import { createBrevoChannel } from '#src/server/delivery/brevo-channel'
import type { Channel } from '#src/server/delivery/channel'
import { createSubmission, type Submission } from '#src/server/delivery/delivery'
import type { BrevoSettings, WebhookSettings } from '#src/server/delivery/delivery-config'
import { createWebhookChannel } from '#src/server/delivery/webhook-channel'

/** One POST as its receiver saw it; header names in lower case. */
export interface ReceivedPost {
  url: string
  headers: Record<string, string>
  body: string
}

/** The request Node's own channel sends: what every platform must send, byte for byte. */
async function sentByNode(makeChannel: (fetch: typeof globalThis.fetch) => Channel, submission: Submission): Promise<ReceivedPost> {
  let sent: ReceivedPost | undefined
  const capture = (async (url: string | URL | Request, init?: RequestInit) => {
    const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>).map(([name, value]) => [name.toLowerCase(), value]))
    sent = { url: String(url), headers, body: typeof init?.body === 'string' ? init.body : new TextDecoder().decode(init?.body as Uint8Array) }
    return new Response(null, { status: 204 })
  }) as typeof globalThis.fetch
  await makeChannel(capture).send(submission)
  return sent!
}

export const nodeWebhookPost = (settings: WebhookSettings, submission: Submission) => sentByNode((fetch) => createWebhookChannel(settings, { fetch }), submission)

export const nodeBrevoPost = (settings: BrevoSettings, email: string) => sentByNode((fetch) => createBrevoChannel(settings, { fetch }), createSubmission('newsletter', { email }))

/** Same URL, same body, the same value for every header Node sets, and no X-Ludora-* header Node does not set. */
export function expectSameAsNode(received: ReceivedPost, reference: ReceivedPost): void {
  expect(received.url).toBe(reference.url)
  expect(received.body).toBe(reference.body)
  expect(Object.fromEntries(Object.keys(reference.headers).map((name) => [name, received.headers[name]]))).toEqual(reference.headers)
  expect(Object.keys(received.headers).filter((name) => name.startsWith('x-ludora-') && !(name in reference.headers))).toEqual([])
}
