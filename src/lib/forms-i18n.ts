import { forms } from '#src/i18n/fr/forms'
import { createTranslator } from './i18n'

/** The forms' shared messages (sending, validation, the newsletter) travel with the forms, not with every page. */
export type FormMessageKey = keyof typeof forms

export const t = createTranslator<FormMessageKey>({ fr: forms })
