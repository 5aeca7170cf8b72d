import { t } from '#src/lib/forms-i18n'
import { object, type InferType } from 'yup'
import { EMAIL_INVALID, EMAIL_PATTERN, EMAIL_REQUIRED, plainText } from '#src/lib/validation'

export const newsletterSchema = object({
  email: plainText().required(EMAIL_REQUIRED).matches(EMAIL_PATTERN, EMAIL_INVALID).max(254, () => t('validation.email.max')),
})

export type NewsletterRequest = InferType<typeof newsletterSchema>
