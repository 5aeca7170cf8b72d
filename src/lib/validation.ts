import { string, type StringSchema } from 'yup'
import { t } from './forms-i18n'

/**
 * A valid e-mail address as the HTML standard defines it (WHATWG, "valid e-mail address"): the browser's
 * own `type=email` check, so the form, the browser and the API agree on every address.
 */
export const EMAIL_PATTERN = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/
export const EMAIL_INVALID = () => t('validation.email.invalid')
export const EMAIL_REQUIRED = () => t('validation.email.required')

/** C0 and C1 control characters: invisible, and a way to forge lines in a log or an e-mail header. */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/
/** The same, less the line breaks and tabs a multi-line message legitimately holds. */
const CONTROL_CHARACTERS_EXCEPT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/

/** Trimmed text without control characters; `multiline` keeps line breaks and tabs allowed. */
export function plainText({ multiline = false }: { multiline?: boolean } = {}): StringSchema {
  const forbidden = multiline ? CONTROL_CHARACTERS_EXCEPT_LINES : CONTROL_CHARACTERS
  return string()
    .trim()
    .test('control-characters', () => t('validation.text.controlCharacters'), (value) => !value || !forbidden.test(value))
}

/** A person's or a company's name: plain text, and no `<` or `>`, which no name needs and markup does. */
export function nameText(): StringSchema {
  return plainText().test('angle-brackets', () => t('validation.text.angleBrackets'), (value) => !value || !/[<>]/.test(value))
}
