import { afterEach, describe, expect, it } from 'vitest'
import { createBrevoChannel } from '#src/server/delivery/brevo-channel'
import { ChannelMisconfigured, SubmissionRefused } from '#src/server/delivery/channel'
import { createSubmission } from '#src/server/delivery/delivery'
import { startHttpReceiver, type ReceivedRequest } from './test-servers'

const never = new AbortController().signal
const API_KEY = 'xkeysib-test'
const signUp = createSubmission('newsletter', { email: 'lecteur@exemple.fr' })

let closeFake: (() => Promise<void>) | undefined
afterEach(async () => {
  await closeFake?.()
  closeFake = undefined
})

/** A local fake of Brevo's API: it checks the key, the route and the body as Brevo's documentation states them. */
async function fakeBrevo(reply: (request: ReceivedRequest) => { status: number; body?: string } = () => ({ status: 201 })) {
  const fake = await startHttpReceiver((request) => {
    if (request.headers['api-key'] !== API_KEY) return { status: 401, body: JSON.stringify({ code: 'unauthorized', message: 'Key not found' }) }
    if (request.method !== 'POST' || request.path !== '/v3/contacts/doubleOptinConfirmation') return { status: 404, body: '{}' }
    if (request.headers['content-type'] !== 'application/json') return { status: 400, body: JSON.stringify({ code: 'bad_request', message: 'Content-Type' }) }
    return reply(request)
  })
  closeFake = fake.close
  return fake
}

const channel = (apiUrl: string, apiKey = API_KEY) =>
  createBrevoChannel({ apiUrl: `${apiUrl}/v3`, apiKey, listId: 7, templateId: 12, redirectionUrl: 'https://www.ludora.fr/newsletter/confirmee' }, { fetch })

describe('Brevo double opt-in channel', () => {
  it('asks Brevo to send its confirmation e-mail for the list, template and redirection configured', async () => {
    const brevo = await fakeBrevo()
    await channel(brevo.url).send(signUp, never)
    expect(brevo.requests).toHaveLength(1)
    expect(JSON.parse(brevo.requests[0]!.body.toString('utf8'))).toEqual({
      email: 'lecteur@exemple.fr',
      includeListIds: [7],
      templateId: 12,
      redirectionUrl: 'https://www.ludora.fr/newsletter/confirmee',
    })
  })

  it('counts a known contact (204) or an address already there as delivered', async () => {
    for (const answer of [{ status: 204 }, { status: 400, body: JSON.stringify({ code: 'duplicate_parameter', message: 'Contact already exist' }) }]) {
      const brevo = await fakeBrevo(() => answer)
      await expect(channel(brevo.url).send(signUp, never)).resolves.toBeUndefined()
      await closeFake!()
      closeFake = undefined
    }
  })

  it('refuses for good an address Brevo deems invalid', async () => {
    const brevo = await fakeBrevo(() => ({ status: 400, body: JSON.stringify({ code: 'invalid_parameter', message: 'Invalid email address' }) }))
    await expect(channel(brevo.url).send(signUp, never)).rejects.toThrow(SubmissionRefused)
  })

  it('reports a refused key or a wrong list as a configuration problem, to retry once fixed', async () => {
    const brevo = await fakeBrevo(() => ({ status: 400, body: JSON.stringify({ code: 'invalid_parameter', message: 'Invalid listId' }) }))
    await expect(channel(brevo.url, 'xkeysib-mauvaise').send(signUp, never)).rejects.toThrow(new ChannelMisconfigured('Brevo a répondu 401 unauthorized : Key not found (vérifiez BREVO_API_KEY et les adresses IP autorisées du compte)'))
    await expect(channel(brevo.url).send(signUp, never)).rejects.toThrow(ChannelMisconfigured)
  })

  it('treats a rate limit or a server error as temporary', async () => {
    for (const status of [429, 502]) {
      const brevo = await fakeBrevo(() => ({ status, body: '<html>Bad gateway</html>' }))
      const failure = await channel(brevo.url).send(signUp, never).catch((error: unknown) => error)
      expect(failure).toBeInstanceOf(Error)
      expect(failure).not.toBeInstanceOf(ChannelMisconfigured)
      expect(failure).not.toBeInstanceOf(SubmissionRefused)
      await closeFake!()
      closeFake = undefined
    }
  })
})
