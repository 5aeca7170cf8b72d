import type { SubmissionKind } from './delivery'

export type Env = Record<string, string | undefined>
export type ChannelName = 'webhook' | 'smtp' | 'brevo' | 'log'
/** Node keeps an outbox and may send e-mail; a serverless platform has neither disk nor SMTP. */
export type DeliveryRuntime = 'node' | 'serverless'

export interface WebhookSettings {
  url: string
  secret?: string
}

export interface SmtpSettings {
  host: string
  port: number
  /** Implicit TLS (usually port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean
  user?: string
  password?: string
  from: string
  to: string[]
}

export interface BrevoSettings {
  apiUrl: string
  apiKey: string
  listId: number
  templateId: number
  redirectionUrl: string
}

export interface DeliveryConfig {
  webhook?: WebhookSettings
  smtp?: SmtpSettings
  brevo?: BrevoSettings
}

/** Half-configured channels: the server refuses to start rather than silently drop a channel. */
export class DeliveryConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Livraison des demandes mal configurée : ${problems.join(' ; ')}`)
  }
}

const DEFAULT_BREVO_API_URL = 'https://api.brevo.com/v3'

function httpUrl(value: string): URL | undefined {
  const url = URL.canParse(value) ? new URL(value) : undefined
  return url?.protocol === 'http:' || url?.protocol === 'https:' ? url : undefined
}

function positiveInteger(value: string | undefined): number | undefined {
  return value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : undefined
}

function readWebhook(read: (name: string) => string | undefined, problems: string[]): WebhookSettings | undefined {
  const url = read('FORMS_WEBHOOK_URL')
  const secret = read('FORMS_WEBHOOK_SECRET')
  if (!url) {
    if (secret) problems.push('FORMS_WEBHOOK_SECRET est défini sans FORMS_WEBHOOK_URL')
    return undefined
  }
  if (!httpUrl(url)) {
    problems.push("FORMS_WEBHOOK_URL n'est pas une adresse http(s) valide")
    return undefined
  }
  return { url, secret }
}

function readSmtpServer(read: (name: string) => string | undefined, problems: string[]): Omit<SmtpSettings, 'from' | 'to'> | undefined {
  const url = read('SMTP_URL')
  const host = read('SMTP_HOST')
  const details = ['SMTP_PORT', 'SMTP_SECURE', 'SMTP_USER', 'SMTP_PASSWORD'].filter((name) => read(name))
  if (url && (host || details.length)) {
    problems.push(`SMTP_URL exclut ${[host && 'SMTP_HOST', ...details].filter(Boolean).join(', ')} : choisissez l'une des deux formes`)
    return undefined
  }
  if (url) {
    const parsed = URL.canParse(url) ? new URL(url) : undefined
    if (!parsed || (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') || !parsed.hostname) {
      problems.push("SMTP_URL doit avoir la forme smtp://utilisateur:mot-de-passe@hôte:587 ou smtps://…@hôte:465")
      return undefined
    }
    const secure = parsed.protocol === 'smtps:'
    return {
      host: parsed.hostname,
      port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
      secure,
      user: parsed.username ? decodeURIComponent(parsed.username) : undefined,
      password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    }
  }
  if (!host) {
    if (details.length) problems.push(`${details.join(', ')} ${details.length > 1 ? 'sont définis' : 'est défini'} sans SMTP_HOST`)
    return undefined
  }
  const secureValue = read('SMTP_SECURE')?.toLowerCase()
  if (secureValue && !['true', 'false', '1', '0'].includes(secureValue)) problems.push('SMTP_SECURE vaut true ou false')
  const portValue = read('SMTP_PORT')
  const port = portValue ? positiveInteger(portValue) : undefined
  if (portValue && (!port || port > 65535)) problems.push("SMTP_PORT n'est pas un numéro de port")
  const secure = secureValue ? secureValue === 'true' || secureValue === '1' : port === 465
  const user = read('SMTP_USER')
  const password = read('SMTP_PASSWORD')
  if (Boolean(user) !== Boolean(password)) problems.push('SMTP_USER et SMTP_PASSWORD vont ensemble')
  return { host, port: port ?? (secure ? 465 : 587), secure, user, password }
}

function readSmtp(read: (name: string) => string | undefined, problems: string[]): SmtpSettings | undefined {
  const server = readSmtpServer(read, problems)
  const from = read('MAIL_FROM')
  const to = (read('MAIL_TO') ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean)
  if (!server) {
    if (from || to.length) problems.push('MAIL_FROM et MAIL_TO demandent un serveur SMTP (SMTP_URL ou SMTP_HOST)')
    return undefined
  }
  if (!from?.includes('@')) problems.push("MAIL_FROM (l'expéditeur des e-mails, par exemple « Site Ludora <site@ludora.fr> ») est requis avec SMTP")
  if (!to.length || !to.every((address) => address.includes('@'))) problems.push('MAIL_TO (les destinataires, séparés par des virgules) est requis avec SMTP')
  return from ? { ...server, from, to } : undefined
}

function readBrevo(read: (name: string) => string | undefined, problems: string[]): BrevoSettings | undefined {
  const apiKey = read('BREVO_API_KEY')
  if (!apiKey) {
    const stray = ['BREVO_LIST_ID', 'BREVO_DOI_TEMPLATE_ID', 'BREVO_DOI_REDIRECT_URL', 'BREVO_API_URL'].filter((name) => read(name))
    if (stray.length) problems.push(`${stray.join(', ')} sans BREVO_API_KEY`)
    return undefined
  }
  const listId = positiveInteger(read('BREVO_LIST_ID'))
  const templateId = positiveInteger(read('BREVO_DOI_TEMPLATE_ID'))
  const redirectionUrl = read('BREVO_DOI_REDIRECT_URL')
  const apiUrl = read('BREVO_API_URL') ?? DEFAULT_BREVO_API_URL
  if (!listId) problems.push('BREVO_LIST_ID (numéro de la liste Brevo) est requis avec BREVO_API_KEY')
  if (!templateId) problems.push('BREVO_DOI_TEMPLATE_ID (numéro du modèle de double opt-in) est requis avec BREVO_API_KEY')
  if (!redirectionUrl || !httpUrl(redirectionUrl)) problems.push('BREVO_DOI_REDIRECT_URL (page ouverte après la confirmation) doit être une adresse http(s)')
  if (!httpUrl(apiUrl)) problems.push("BREVO_API_URL n'est pas une adresse http(s) valide")
  if (!listId || !templateId || !redirectionUrl || !httpUrl(redirectionUrl) || !httpUrl(apiUrl)) return undefined
  return { apiUrl: apiUrl.replace(/\/+$/, ''), apiKey, listId, templateId, redirectionUrl }
}

/** The channels the environment configures; an empty variable counts as unset. */
export function readDeliveryConfig(env: Env): { config: DeliveryConfig; problems: string[] } {
  const read = (name: string) => env[name]?.trim() || undefined
  const problems: string[] = []
  const config: DeliveryConfig = { webhook: readWebhook(read, problems), smtp: readSmtp(read, problems), brevo: readBrevo(read, problems) }
  return { config, problems }
}

/**
 * Which channels carry a submission. The webhook takes everything; Brevo takes sign-ups; SMTP takes
 * contact requests, and sign-ups only when it is the sole channel (a list provider or a webhook makes the
 * mail noise). On Node a kind with no channel goes to the ndjson log; on serverless it has nowhere to go.
 */
export function channelsFor(kind: SubmissionKind, config: DeliveryConfig, runtime: DeliveryRuntime): ChannelName[] {
  const channels: ChannelName[] = []
  if (config.webhook) channels.push('webhook')
  if (kind === 'newsletter' && config.brevo) channels.push('brevo')
  if (runtime === 'node' && config.smtp && (kind === 'contact' || channels.length === 0)) channels.push('smtp')
  if (runtime === 'node' && channels.length === 0) channels.push('log')
  return channels
}

export interface DeliveryDescription {
  routes: Record<SubmissionKind, ChannelName[]>
  /** Half-configured channels (Node refuses to start; serverless refuses every submission). */
  problems: string[]
  /** Configured but unusable here, or a kind with nowhere to go. */
  warnings: string[]
  /** One French sentence for the startup log and the README. */
  summary: string
}

function channelLabel(channel: ChannelName, kind: SubmissionKind, config: DeliveryConfig, dataDir: string): string {
  switch (channel) {
    case 'webhook':
      // The origin only: hook URLs often carry a token in their path.
      return `webhook (${new URL(config.webhook!.url).origin})`
    case 'smtp':
      return `e-mail via ${config.smtp!.host}:${config.smtp!.port} à ${config.smtp!.to.join(', ')}`
    case 'brevo':
      return `Brevo (liste ${config.brevo!.listId}, double opt-in)`
    case 'log':
      return `journal ${dataDir.replace(/\/+$/, '')}/${kind}.ndjson`
  }
}

/** Which channels are active for each kind, for `npm start`'s startup message and the serverless logs. */
export function describeDelivery(env: Env, { runtime = 'node', dataDir = '.data' }: { runtime?: DeliveryRuntime; dataDir?: string } = {}): DeliveryDescription {
  const { config, problems } = readDeliveryConfig(env)
  const kinds: SubmissionKind[] = ['contact', 'newsletter']
  const routes = { contact: channelsFor('contact', config, runtime), newsletter: channelsFor('newsletter', config, runtime) }
  const warnings: string[] = []
  if (runtime === 'serverless' && config.smtp) warnings.push("SMTP n'est pas disponible sur une plateforme serverless : utilisez FORMS_WEBHOOK_URL")
  for (const kind of kinds) {
    if (!routes[kind].length) warnings.push(`aucun canal pour les demandes « ${kind} » : elles recevront une erreur (définissez FORMS_WEBHOOK_URL${kind === 'newsletter' ? ' ou BREVO_API_KEY' : ''})`)
  }
  const summary = problems.length
    ? `Livraison des demandes mal configurée : ${problems.join(' ; ')}`
    : `Livraison des demandes : ${kinds
        .map((kind) => `${kind} → ${routes[kind].map((channel) => channelLabel(channel, kind, config, dataDir)).join(', ') || 'aucun canal (erreur)'}`)
        .join(' ; ')}`
  return { routes, problems, warnings, summary }
}
