import { ValidationError } from 'yup'
import { submitForm, type SubmitOutcome } from '#src/lib/post-json'
import { siteConfig } from '#src/lib/site-config'
import { newsletterSchema } from './newsletter-schema'

/** What the address is once checked: as the API will read it, or the French reason it would refuse it. */
export type EmailCheck = { valid: true; email: string } | { valid: false; message: string }

/** Checks with the schema the API validates with, so browser and server refuse the same addresses. */
export async function checkEmail(email: string): Promise<EmailCheck> {
  try {
    const request = await newsletterSchema.validate({ email })
    return { valid: true, email: request.email }
  } catch (error) {
    if (error instanceof ValidationError) return { valid: false, message: error.message }
    throw error
  }
}

export function sendSignup(email: string, signals: { honeypot: string; startedAt: number }): Promise<SubmitOutcome> {
  return submitForm(`${siteConfig.apiUrl}/newsletter`, { email }, signals)
}
