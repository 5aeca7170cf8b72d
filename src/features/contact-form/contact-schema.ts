import { t } from './contact-i18n'
import { object, type InferType } from 'yup'
import { EMAIL_INVALID, EMAIL_PATTERN, EMAIL_REQUIRED, nameText, plainText } from '#src/lib/validation'

/** French and international phone numbers: digits with spaces, dots, dashes, parentheses, optional +. */
export const PHONE_PATTERN = /^\+?[0-9 ().-]{10,20}$/

/** One schema for the browser and the API, so both refuse the same input with the same words. */
export const contactSchema = object({
  firstName: nameText().required(() => t('validation.firstName.required')).max(80, () => t('validation.firstName.max')),
  name: nameText().required(() => t('validation.name.required')).max(80, () => t('validation.name.max')),
  email: plainText().required(EMAIL_REQUIRED).matches(EMAIL_PATTERN, EMAIL_INVALID).max(254, () => t('validation.email.max')),
  phone: plainText()
    .default('')
    .test('phone', () => t('validation.phone.test'), (value) => !value || PHONE_PATTERN.test(value)),
  company: nameText().required(() => t('validation.company.required')).max(120, () => t('validation.company.max')),
  object: plainText().required(() => t('validation.object.required')).max(150, () => t('validation.object.max')),
  message: plainText({ multiline: true })
    .required(() => t('validation.message.required'))
    .min(20, () => t('validation.message.min'))
    .max(5000, () => t('validation.message.max')),
})

export type ContactRequest = InferType<typeof contactSchema>
export const CONTACT_FIELDS = ['firstName', 'name', 'email', 'phone', 'company', 'object', 'message'] as const
