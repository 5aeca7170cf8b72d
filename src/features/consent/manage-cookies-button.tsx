import { t } from '#src/lib/i18n'
import { openConsentSettings, preloadConsentSettings } from './consent-store'

/** Footer control that reopens the consent settings so a choice can be changed or withdrawn. */
export function ManageCookiesButton() {
  return (
    <button type="button" className="link-button" onClick={() => openConsentSettings()} {...preloadConsentSettings}>
      {t('consent.manage')}
    </button>
  )
}
