import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedRequest {
  method: string
  path: string
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

/** A local HTTP server standing in for a webhook receiver or Brevo; `answer` decides each reply. */
export async function startHttpReceiver(answer: (request: ReceivedRequest) => { status: number; body?: string; hang?: boolean }) {
  const requests: ReceivedRequest[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const received = { method: request.method ?? '', path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) }
      requests.push(received)
      const { status, body = '', hang } = answer(received)
      if (!hang) response.writeHead(status, { 'content-type': 'application/json' }).end(body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export interface ReceivedMail {
  envelope: { from: string; to: string[] }
  /** Unfolded, with encoded words decoded; keys in lower case. */
  headers: Record<string, string>
  headerLines: string[]
  text: string
  raw: string
}

function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[QB]\?[^?]*\?=)\s+(?==\?)/gi, '$1')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = []
  const input = text.replace(/=\r?\n/g, '')
  for (let index = 0; index < input.length; index++) {
    if (input[index] === '=' && /^[0-9A-F]{2}$/i.test(input.slice(index + 1, index + 3))) {
      bytes.push(parseInt(input.slice(index + 1, index + 3), 16))
      index += 2
    } else bytes.push(...Buffer.from(input[index]!, 'utf8'))
  }
  return Buffer.from(bytes).toString('utf8')
}

/** Enough of RFC 5322 to read what Nodemailer sends: one text part, QP or base64. */
export function parseMail(raw: string, envelope: ReceivedMail['envelope']): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n')
  const headerLines = raw
    .slice(0, split)
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')
  const headers: Record<string, string> = {}
  for (const line of headerLines) {
    const colon = line.indexOf(':')
    headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim())
  }
  const body = raw.slice(split + 4)
  const encoding = headers['content-transfer-encoding']?.toLowerCase()
  const text = encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : body
  return { envelope, headers, headerLines, text: text.replace(/\r\n/g, '\n'), raw }
}

/** A real SMTP server (the `smtp-server` package) on localhost, keeping every message it accepts. */
export async function startSmtpSink({ port = 0, credentials }: { port?: number; credentials?: { user: string; password: string } } = {}) {
  const messages: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: !credentials,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (credentials && auth.username === credentials.user && auth.password === credentials.password) callback(null, { user: auth.username })
      else callback(new Error('Invalid username or password'))
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
        }
        messages.push(parseMail(Buffer.concat(chunks).toString('utf8'), envelope))
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  return {
    port: (server.server.address() as AddressInfo).port,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
