import { afterEach, describe, expect, it } from 'vitest'
import { createSubmission } from '#src/server/delivery/delivery'
import type { SmtpSettings } from '#src/server/delivery/delivery-config'
import { createSmtpChannel } from '#src/server/delivery/smtp-channel'
import { startSmtpSink } from './test-servers'

const never = new AbortController().signal
const request = {
  firstName: 'Camille',
  name: 'Martin',
  email: 'camille@boulangerie-du-marche.fr',
  phone: '06 12 34 56 78',
  company: 'Boulangerie du Marché',
  object: 'Jeu de Noël',
  message: 'Bonjour,\nnous voulons un jeu <b>concours</b> & une roue pour nos trois boutiques.',
}

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function sinkAndChannel(credentials?: { user: string; password: string }) {
  const sink = await startSmtpSink({ credentials })
  cleanups.push(sink.close)
  const settings: SmtpSettings = { host: '127.0.0.1', port: sink.port, secure: false, user: credentials?.user, password: credentials?.password, from: 'Site Ludora <site@ludora.fr>', to: ['equipe@ludora.fr', 'studio@ludora.fr'] }
  const channel = createSmtpChannel(settings)
  cleanups.push(channel.close)
  return { sink, channel }
}

describe('SMTP channel', () => {
  it('sends a readable French plain-text e-mail, answerable to the visitor, carrying the delivery id', async () => {
    const { sink, channel } = await sinkAndChannel({ user: 'site', password: 'mot-de-passe' })
    const submission = createSubmission('contact', request, new Date('2026-11-22T13:03:00Z'))
    await channel.send(submission, never)

    expect(sink.messages).toHaveLength(1)
    const [mail] = sink.messages
    expect(mail!.envelope).toEqual({ from: 'site@ludora.fr', to: ['equipe@ludora.fr', 'studio@ludora.fr'] })
    expect(mail!.headers).toMatchObject({
      from: 'Site Ludora <site@ludora.fr>',
      to: 'equipe@ludora.fr, studio@ludora.fr',
      'reply-to': 'Camille Martin <camille@boulangerie-du-marche.fr>',
      subject: 'Demande de contact : Jeu de Noël (Boulangerie du Marché)',
      'message-id': `<${submission.id}@ludora.fr>`,
      'x-ludora-delivery-id': submission.id,
    })
    expect(mail!.headers['content-type']).toMatch(/^text\/plain; charset=utf-8/)
    expect(mail!.text).toContain('Nouvelle demande de contact envoyée depuis le site le dimanche 22 novembre 2026 à 14:03 (heure de Paris).')
    expect(mail!.text).toContain('Prénom : Camille\nNom : Martin\nSociété : Boulangerie du Marché\nE-mail : camille@boulangerie-du-marche.fr\nTéléphone : 06 12 34 56 78\nObjet : Jeu de Noël')
    // Visitor text arrives as typed: there is no HTML part to interpret it.
    expect(mail!.text).toContain('Message :\nBonjour,\nnous voulons un jeu <b>concours</b> & une roue pour nos trois boutiques.')
    expect(mail!.text).toContain(`Référence de la demande : ${submission.id}`)
  })

  it('never lets visitor text add a header or a recipient', async () => {
    const { sink, channel } = await sinkAndChannel()
    const injected = '\r\nBcc: intrus@exemple.com\r\nX-Injected: oui'
    await channel.send(createSubmission('contact', { ...request, email: `camille@exemple.fr${injected}`, firstName: `Camille${injected}`, object: `Devis${injected}`, company: `Lemoine${injected}` }), never)

    const [mail] = sink.messages
    expect(mail!.envelope.to).toEqual(['equipe@ludora.fr', 'studio@ludora.fr'])
    expect(mail!.headerLines.filter((line) => /^(bcc|x-injected):/i.test(line))).toEqual([])
    expect(mail!.headers['reply-to']).toBeUndefined()
    expect(mail!.headers.subject).toBe('Demande de contact : Devis Bcc: intrus@exemple.com X-Injected: oui (Lemoine Bcc: intrus@exemple.com X-Injected: oui)')
  })

  it('fails when the server cannot be reached', async () => {
    const { sink, channel } = await sinkAndChannel()
    await sink.close()
    await expect(channel.send(createSubmission('contact', request), never)).rejects.toThrow(/ECONNREFUSED|connect/i)
  })
})
