import { ValidationError } from 'yup'
import { trackConversion } from '#src/lib/conversions'
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

/** Sends the sign-up; an accepted one is a conversion, named by where the form sits (`footer`, `section`). */
export async function sendSignup(email: string, signals: { honeypot: string; startedAt: number }, placement: string): Promise<SubmitOutcome> {
  const outcome = await submitForm(`${siteConfig.apiUrl}/newsletter`, { email }, signals)
  if (outcome.status === 'sent') trackConversion('newsletter', 'registered', placement)
  return outcome
}
