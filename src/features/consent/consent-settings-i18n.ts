import { consentSettings } from '#src/i18n/fr/consent-settings'
import { createTranslator } from '#src/lib/i18n'

/** The settings dialog's messages travel with its chunk, not with every page. */
export type ConsentSettingsMessageKey = keyof typeof consentSettings

export const t = createTranslator<ConsentSettingsMessageKey>({ fr: consentSettings })
