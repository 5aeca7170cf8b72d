import { describe, expect, it } from 'vitest'
import { describeDelivery, readDeliveryConfig } from '#src/server/delivery/delivery-config'

const BREVO = { BREVO_API_KEY: 'xkeysib-test', BREVO_LIST_ID: '7', BREVO_DOI_TEMPLATE_ID: '12', BREVO_DOI_REDIRECT_URL: 'https://www.ludora.fr/merci' }
const SMTP = { SMTP_HOST: 'smtp.exemple.fr', MAIL_FROM: 'Site Ludora <site@ludora.fr>', MAIL_TO: 'equipe@ludora.fr, studio@ludora.fr' }

describe('delivery configuration', () => {
  it('reads SMTP from SMTP_URL or from its separate variables, and Brevo with its default API', () => {
    expect(readDeliveryConfig({ SMTP_URL: 'smtps://site%40ludora.fr:p%C3%A0ss@smtp.exemple.fr', MAIL_FROM: 'site@ludora.fr', MAIL_TO: 'equipe@ludora.fr' })).toEqual({
      config: { smtp: { host: 'smtp.exemple.fr', port: 465, secure: true, user: 'site@ludora.fr', password: 'pàss', from: 'site@ludora.fr', to: ['equipe@ludora.fr'] } },
      problems: [],
    })
    expect(readDeliveryConfig({ ...SMTP, SMTP_PORT: '2525', SMTP_USER: 'site', SMTP_PASSWORD: 'secret', ...BREVO }).config).toEqual({
      smtp: { host: 'smtp.exemple.fr', port: 2525, secure: false, user: 'site', password: 'secret', from: 'Site Ludora <site@ludora.fr>', to: ['equipe@ludora.fr', 'studio@ludora.fr'] },
      brevo: { apiUrl: 'https://api.brevo.com/v3', apiKey: 'xkeysib-test', listId: 7, templateId: 12, redirectionUrl: 'https://www.ludora.fr/merci' },
    })
  })

  it('names every half-configured variable instead of dropping a channel silently', () => {
    expect(readDeliveryConfig({ FORMS_WEBHOOK_SECRET: 's', SMTP_HOST: 'smtp.exemple.fr', SMTP_PORT: 'vingt', SMTP_USER: 'site', BREVO_LIST_ID: '7', FORMS_WEBHOOK_URL: '' }).problems).toEqual([
      'FORMS_WEBHOOK_SECRET est défini sans FORMS_WEBHOOK_URL',
      "SMTP_PORT n'est pas un numéro de port",
      'SMTP_USER et SMTP_PASSWORD vont ensemble',
      "MAIL_FROM (l'expéditeur des e-mails, par exemple « Site Ludora <site@ludora.fr> ») est requis avec SMTP",
      'MAIL_TO (les destinataires, séparés par des virgules) est requis avec SMTP',
      'BREVO_LIST_ID sans BREVO_API_KEY',
    ])
    expect(readDeliveryConfig({ FORMS_WEBHOOK_URL: 'ftp://hooks.exemple.fr' }).problems).toEqual(["FORMS_WEBHOOK_URL n'est pas une adresse http(s) valide"])
  })

  it('routes each kind: webhook for all, Brevo for sign-ups, e-mail for contact requests, the log when nothing else', () => {
    expect(describeDelivery({}).routes).toEqual({ contact: ['log'], newsletter: ['log'] })
    expect(describeDelivery(SMTP).routes).toEqual({ contact: ['smtp'], newsletter: ['smtp'] })
    expect(describeDelivery({ ...SMTP, ...BREVO }).routes).toEqual({ contact: ['smtp'], newsletter: ['brevo'] })
    expect(describeDelivery({ ...SMTP, FORMS_WEBHOOK_URL: 'https://hooks.exemple.fr/x' }).routes).toEqual({ contact: ['webhook', 'smtp'], newsletter: ['webhook'] })
    expect(describeDelivery({ ...SMTP, ...BREVO }, { runtime: 'serverless' }).routes).toEqual({ contact: [], newsletter: ['brevo'] })
  })

  it('sums up the active channels in one French sentence, without the secret part of a hook URL', () => {
    expect(describeDelivery({ FORMS_WEBHOOK_URL: 'https://hook.eu1.make.com/abc123secret', ...SMTP, ...BREVO }).summary).toBe(
      'Livraison des demandes : contact → webhook (https://hook.eu1.make.com), e-mail via smtp.exemple.fr:587 à equipe@ludora.fr, studio@ludora.fr ; newsletter → webhook (https://hook.eu1.make.com), Brevo (liste 7, double opt-in)',
    )
    expect(describeDelivery({}, { dataDir: '.data' }).summary).toBe('Livraison des demandes : contact → journal .data/contact.ndjson ; newsletter → journal .data/newsletter.ndjson')
    expect(describeDelivery({}, { runtime: 'serverless' }).summary).toBe('Livraison des demandes : contact → aucun canal (erreur) ; newsletter → aucun canal (erreur)')
  })
})
