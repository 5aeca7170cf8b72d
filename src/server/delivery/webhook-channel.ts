import { DELIVERY_ID_HEADER, HTTP_TIMEOUT_MS, postWithTimeout, type Channel } from './channel'
import type { Submission } from './delivery'
import type { WebhookSettings } from './delivery-config'

const SIGNATURE_HEADER = 'X-Ludora-Signature'

/** `sha256=<hex>` of the HMAC-SHA256 of the exact bytes sent, with Web Crypto so it runs on Workers too. */
async function signBody(secret: string, body: Uint8Array<ArrayBuffer>): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, body))
  return `sha256=${Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('')}`
}

/** The documented body: exactly these four keys, `data` holding the validated form fields. */
function webhookBody({ id, kind, receivedAt, data }: Submission): string {
  return JSON.stringify({ id, kind, receivedAt, data })
}

/** POSTs every submission as JSON; any 2xx means delivered, anything else is a failure. */
export function createWebhookChannel({ url, secret }: WebhookSettings, { fetch, timeoutMs = HTTP_TIMEOUT_MS }: { fetch: typeof globalThis.fetch; timeoutMs?: number }): Channel {
  return {
    name: 'webhook',
    async send(submission, signal) {
      const body = new TextEncoder().encode(webhookBody(submission))
      const headers: Record<string, string> = {
        'Content-Type': 'application/json',
        'User-Agent': 'Ludora-Forms/1',
        [DELIVERY_ID_HEADER]: submission.id,
      }
      if (secret) headers[SIGNATURE_HEADER] = await signBody(secret, body)
      const { status } = await postWithTimeout(fetch, url, { headers, body, signal, timeoutMs })
      if (status < 200 || status > 299) throw new Error(`le webhook a répondu ${status}`)
    },
  }
}
