import { contact } from '#src/i18n/fr/contact'
import { forms } from '#src/i18n/fr/forms'
import { createTranslator } from '#src/lib/i18n'

/** The contact form's messages, and those all forms share, travel with /contact, not with every page. */
export type ContactMessageKey = keyof typeof contact | keyof typeof forms

export const t = createTranslator<ContactMessageKey>({ fr: { ...forms, ...contact } })
