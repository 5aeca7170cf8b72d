import { contact } from '#src/i18n/fr/contact'
import { createTranslator } from '#src/lib/i18n'

/** The contact form's messages travel with /contact, not with every page. */
export type ContactMessageKey = keyof typeof contact

export const t = createTranslator<ContactMessageKey>({ fr: contact })
