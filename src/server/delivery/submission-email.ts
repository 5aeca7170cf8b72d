import type { Submission } from './delivery'

export interface SubmissionEmail {
  subject: string
  text: string
  /** Only a plain, header-safe address; anything else is left out rather than risk a forged header. */
  replyTo?: { name: string; address: string }
  messageId: string
}

/** Control characters (CR, LF…) would let a visitor write extra headers; a header value stays on one line. */
function oneLine(value: string, maxLength = 150): string {
  const line = value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').replace(/\s+/g, ' ').trim()
  return line.length > maxLength ? `${line.slice(0, maxLength - 1)}…` : line
}

const PLAIN_ADDRESS = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/

const parisTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'full', timeStyle: 'short', timeZone: 'Europe/Paris' })

function mailDomain(from: string): string {
  return /@([A-Za-z0-9.-]+)/.exec(from)?.[1] ?? 'ludora.fr'
}

function contactEmail({ id, receivedAt, data }: Submission, from: string): SubmissionEmail {
  const visitor = oneLine(`${data.firstName ?? ''} ${data.name ?? ''}`) || 'le visiteur'
  const address = data.email?.trim() ?? ''
  const replyTo = PLAIN_ADDRESS.test(address) ? { name: visitor, address } : undefined
  const text = [
    `Nouvelle demande de contact envoyée depuis le site le ${parisTime.format(new Date(receivedAt))} (heure de Paris).`,
    '',
    `Prénom : ${oneLine(data.firstName ?? '', 200)}`,
    `Nom : ${oneLine(data.name ?? '', 200)}`,
    `Société : ${oneLine(data.company ?? '', 200)}`,
    `E-mail : ${oneLine(address, 300)}`,
    `Téléphone : ${oneLine(data.phone ?? '', 200) || 'non renseigné'}`,
    `Objet : ${oneLine(data.object ?? '', 300)}`,
    '',
    'Message :',
    (data.message ?? '').replace(/\r\n?/g, '\n').trim(),
    '',
    '-- ',
    replyTo ? `Répondre à cet e-mail écrit directement à ${visitor} (${address}).` : `Adresse du visiteur à vérifier avant de répondre : ${oneLine(address, 300)}`,
    `Référence de la demande : ${id}`,
  ].join('\n')
  return {
    subject: oneLine(`Demande de contact : ${oneLine(data.object ?? '', 100)} (${oneLine(data.company ?? '', 60)})`, 200),
    text,
    replyTo,
    messageId: `<${id}@${mailDomain(from)}>`,
  }
}

function newsletterEmail({ id, receivedAt, data }: Submission, from: string): SubmissionEmail {
  const text = [
    `Nouvelle inscription à la newsletter le ${parisTime.format(new Date(receivedAt))} (heure de Paris) :`,
    '',
    oneLine(data.email ?? '', 300),
    '',
    "Aucun fournisseur de newsletter n'est configuré : l'adresse n'a pas encore confirmé son inscription.",
    "Envoyez-lui une demande de confirmation avant de l'ajouter à la liste de diffusion.",
    '',
    '-- ',
    `Référence de l'inscription : ${id}`,
  ].join('\n')
  return { subject: 'Nouvelle inscription à la newsletter', text, messageId: `<${id}@${mailDomain(from)}>` }
}

/** A readable French plain-text e-mail: visitor text is never interpreted as HTML because there is no HTML. */
export function composeSubmissionEmail(submission: Submission, from: string): SubmissionEmail {
  return submission.kind === 'contact' ? contactEmail(submission, from) : newsletterEmail(submission, from)
}
