import { t } from './i18n'

/** Deliberately permissive: one @, no spaces, a dot in the domain. The server sends the real confirmation. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/
export const EMAIL_INVALID = () => t('validation.email.invalid')
export const EMAIL_REQUIRED = () => t('validation.email.required')
