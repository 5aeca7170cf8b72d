import path from 'node:path'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { createSubmission, DeliveryError } from '#src/server/delivery/delivery'
import { createDirectDelivery } from '#src/server/delivery/direct-delivery'
import { readServerlessDelivery } from '#src/server/delivery/serverless-delivery'

const HOOK = 'https://hooks.exemple.fr/ludora'
const BREVO = { BREVO_API_KEY: 'xkeysib-test', BREVO_LIST_ID: '7', BREVO_DOI_TEMPLATE_ID: '12', BREVO_DOI_REDIRECT_URL: 'https://www.ludora.fr/merci' }
const contact = createSubmission('contact', { firstName: 'Camille', name: 'Martin', email: 'camille@exemple.fr', phone: '', company: 'Lemoine', object: 'Devis', message: 'Un jeu de Noël pour nos trois boutiques.' })
const signUp = createSubmission('newsletter', { email: 'lecteur@exemple.fr' })

function collectingLogger() {
  const errors: string[] = []
  return { errors, logger: { info: () => {}, warn: (line: string) => errors.push(line), error: (line: string) => errors.push(line) } }
}

/** Answers by URL: each test decides how the webhook and Brevo respond. */
function stubFetch(statuses: { hook?: number; brevo?: number }) {
  const calls: string[] = []
  const fetch = (async (url: string | URL | Request) => {
    const target = String(url)
    calls.push(target)
    return new Response(null, { status: target.startsWith(HOOK) ? (statuses.hook ?? 200) : (statuses.brevo ?? 201) })
  }) as typeof globalThis.fetch
  return { calls, fetch }
}

describe('direct (serverless) delivery', () => {
  it('resolves once the webhook and Brevo both have the submission', async () => {
    const stub = stubFetch({})
    const delivery = createDirectDelivery(readServerlessDelivery({ FORMS_WEBHOOK_URL: HOOK, ...BREVO }), { fetch: stub.fetch })
    await delivery.accept(signUp)
    expect(stub.calls).toEqual([HOOK, 'https://api.brevo.com/v3/contacts/doubleOptinConfirmation'])
    await delivery.accept(contact)
    expect(stub.calls.slice(2)).toEqual([HOOK])
  })

  it('rejects with DeliveryError when any channel fails, so the visitor sees the error and the e-mail fallback', async () => {
    for (const statuses of [{ hook: 500 }, { brevo: 503 }]) {
      const { errors, logger } = collectingLogger()
      const delivery = createDirectDelivery(readServerlessDelivery({ FORMS_WEBHOOK_URL: HOOK, ...BREVO }, logger), { fetch: stubFetch(statuses).fetch, logger })
      await expect(delivery.accept(signUp)).rejects.toThrow(DeliveryError)
      expect(errors).toEqual([expect.stringMatching(new RegExp(`^Livraison : demande ${signUp.id} \\(newsletter\\) non remise \\((webhook|brevo) : `))])
    }
  })

  it('says at startup that a kind has no channel, and refuses it', async () => {
    const { errors, logger } = collectingLogger()
    const delivery = createDirectDelivery(readServerlessDelivery(BREVO, logger), { fetch: stubFetch({}).fetch, logger })
    expect(errors).toEqual(['Livraison des demandes : aucun canal pour les demandes « contact » : elles recevront une erreur (définissez FORMS_WEBHOOK_URL)'])
    await expect(delivery.accept(contact)).rejects.toThrow(DeliveryError)
    await expect(delivery.accept(signUp)).resolves.toBeUndefined()
  })

  it('refuses everything with no channel, SMTP alone included (no SMTP on serverless)', async () => {
    const { errors, logger } = collectingLogger()
    const delivery = createDirectDelivery(readServerlessDelivery({ SMTP_HOST: 'smtp.exemple.fr', MAIL_FROM: 'site@ludora.fr', MAIL_TO: 'equipe@ludora.fr' }, logger), { fetch: stubFetch({}).fetch, logger })
    expect(errors[0]).toBe("Livraison des demandes : SMTP n'est pas disponible sur une plateforme serverless : utilisez FORMS_WEBHOOK_URL")
    await expect(delivery.accept(contact)).rejects.toThrow(DeliveryError)
    await expect(delivery.accept(signUp)).rejects.toThrow(DeliveryError)
  })

  it('refuses everything when a channel is half-configured, and says why', async () => {
    const { errors, logger } = collectingLogger()
    const stub = stubFetch({})
    const delivery = createDirectDelivery(readServerlessDelivery({ FORMS_WEBHOOK_URL: HOOK, BREVO_API_KEY: 'xkeysib-test' }, logger), { fetch: stub.fetch, logger })
    expect(errors[0]).toMatch(/^Livraison des demandes mal configurée : BREVO_LIST_ID/)
    await expect(delivery.accept(contact)).rejects.toThrow(DeliveryError)
    expect(stub.calls).toEqual([])
  })

  it('bundles for a neutral platform: no node: import anywhere in its graph (Workers)', async () => {
    const result = await build({
      entryPoints: [path.resolve(import.meta.dirname, '../../../../src/server/delivery/direct-delivery.ts')],
      bundle: true,
      platform: 'neutral',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    })
    expect(Object.keys(result.metafile.inputs).filter((input) => input.startsWith('node:') || input.includes('node_modules'))).toEqual([])
    expect(result.outputFiles[0]!.text).not.toMatch(/\bfrom\s*["']node:|require\(/)
  })
})
