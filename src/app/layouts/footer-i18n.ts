import { footer } from '#src/i18n/fr/footer'
import { createTranslator } from '#src/lib/i18n'

/** The footer's messages travel with the footer, which no page needs before it comes into view. */
export type FooterMessageKey = keyof typeof footer

export const t = createTranslator<FooterMessageKey>({ fr: footer })
