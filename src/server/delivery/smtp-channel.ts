import { createTransport } from 'nodemailer'
import { DELIVERY_ID_HEADER, type Channel } from './channel'
import type { SmtpSettings } from './delivery-config'
import { composeSubmissionEmail } from './submission-email'

/** Sends each submission as an e-mail to MAIL_TO, answerable to the visitor (Node only). */
export function createSmtpChannel(settings: SmtpSettings): Channel & { close(): void } {
  const transporter = createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: settings.user ? { user: settings.user, pass: settings.password } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  })
  return {
    name: 'smtp',
    async send(submission, signal) {
      const { subject, text, replyTo, messageId } = composeSubmissionEmail(submission, settings.from)
      await transporter.sendMail({
        from: settings.from,
        to: settings.to,
        replyTo,
        subject,
        text,
        messageId,
        headers: { [DELIVERY_ID_HEADER]: submission.id },
        signal,
      })
    },
    close: () => transporter.close(),
  }
}
