import { ChannelMisconfigured, HTTP_TIMEOUT_MS, postWithTimeout, SubmissionRefused, type Channel } from './channel'
import type { BrevoSettings } from './delivery-config'

function brevoError(text: string): { code: string; message: string } {
  try {
    const body: unknown = JSON.parse(text)
    if (typeof body === 'object' && body !== null) {
      const { code, message } = body as Record<string, unknown>
      return { code: typeof code === 'string' ? code : '', message: typeof message === 'string' ? message : '' }
    }
  } catch {
    // Not Brevo's JSON (a proxy's page): the status alone decides.
  }
  return { code: '', message: text.slice(0, 200) }
}

/**
 * Starts Brevo's double opt-in: Brevo e-mails its confirmation template and adds the address to the list
 * only after the click. 201 (new contact) and 204 (known contact) are delivered; so is a
 * `duplicate_parameter` answer, since the address is already there. See docs/decisions/020.
 */
export function createBrevoChannel(settings: BrevoSettings, { fetch, timeoutMs = HTTP_TIMEOUT_MS }: { fetch: typeof globalThis.fetch; timeoutMs?: number }): Channel {
  return {
    name: 'brevo',
    async send(submission, signal) {
      const email = submission.data.email
      if (!email) throw new SubmissionRefused('inscription sans adresse e-mail')
      const { status, text } = await postWithTimeout(fetch, `${settings.apiUrl}/contacts/doubleOptinConfirmation`, {
        headers: { accept: 'application/json', 'content-type': 'application/json', 'api-key': settings.apiKey },
        body: JSON.stringify({ email, includeListIds: [settings.listId], templateId: settings.templateId, redirectionUrl: settings.redirectionUrl }),
        signal,
        timeoutMs,
      })
      if (status >= 200 && status <= 299) return
      const { code, message } = brevoError(text)
      const detail = `Brevo a répondu ${status}${code ? ` ${code}` : ''}${message ? ` : ${message}` : ''}`
      if (status === 400 && code === 'duplicate_parameter') return
      if (status === 400 && code === 'invalid_parameter' && /e-?mail/i.test(message)) throw new SubmissionRefused(detail)
      if (status === 401 || status === 403) throw new ChannelMisconfigured(`${detail} (vérifiez BREVO_API_KEY et les adresses IP autorisées du compte)`)
      if (status >= 400 && status <= 499 && status !== 408 && status !== 429) {
        throw new ChannelMisconfigured(`${detail} (vérifiez BREVO_LIST_ID, BREVO_DOI_TEMPLATE_ID et BREVO_DOI_REDIRECT_URL)`)
      }
      throw new Error(detail)
    },
  }
}
