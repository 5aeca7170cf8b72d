import { useEffect, useId, useRef, useState } from 'react'
import { SiteLink } from '#src/components/ui/site-link'
import { t } from '#src/lib/i18n'
import { consentOptions } from './consent-config'
import { acceptAll, declineAll } from './consent-state'
import { CONSENT_ANNOUNCER_ID, closeConsentSettings, decide, dismissBanner, initConsent, loadConsentSettings, openConsentSettings, preloadConsentSettings, restoreConsentFocus, useConsent } from './consent-store'
import './consent.css'

type ConsentSettingsModule = Awaited<ReturnType<typeof loadConsentSettings>>

/** Banner, settings dialog and (when configured) the floating control button. Rendered once, at the root. */
export function ConsentRoot() {
  const consent = useConsent()
  const [settings, setSettings] = useState<ConsentSettingsModule>()
  useEffect(() => initConsent(), [])

  useEffect(() => {
    if (!consent.settingsOpen || settings) return
    let current = true
    loadConsentSettings().then(
      (module) => {
        if (current) setSettings(module)
      },
      // Offline or a removed build: the button stays usable and the next click tries again.
      () => closeConsentSettings(),
    )
    return () => {
      current = false
    }
  }, [consent.settingsOpen, settings])

  return (
    <>
      {/* In the page from the start, prerendered too: a live region that appears with its text is often not read. */}
      <div id={CONSENT_ANNOUNCER_ID} className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" />
      {consent.ready && !consent.decided && !consent.bannerDismissed ? <ConsentBanner /> : null}
      {consent.ready && consent.settingsOpen && settings ? <settings.ConsentSettings /> : null}
      {/* Kept while the dialog is open (it is inert then): focus comes back to it on close. */}
      {consent.ready && consentOptions.controlButton && consent.decided ? <ConsentControlButton /> : null}
    </>
  )
}

function ConsentBanner() {
  const titleId = useId()
  const bannerRef = useRef<HTMLElement>(null)

  // The page makes room for the fixed banner, so its end and every focused element can scroll above it.
  useEffect(() => {
    const banner = bannerRef.current
    if (!banner) return
    // The two elements that read the height (consent.css); the property does not inherit, so no other restyles.
    const readers = [document.documentElement, document.body]
    // Rounded up: a fraction of a pixel short and the bottom edge of a focused element would sit under it.
    const observer = new ResizeObserver(() => {
      const height = `${Math.ceil(banner.getBoundingClientRect().height)}px`
      for (const reader of readers) reader.style.setProperty('--consent-banner-height', height)
    })
    observer.observe(banner)
    return () => {
      observer.disconnect()
      for (const reader of readers) reader.style.removeProperty('--consent-banner-height')
    }
  }, [])

  // A choice removes the banner and the button that had focus with it.
  useEffect(() => restoreConsentFocus, [])

  return (
    <section ref={bannerRef} className="consent-banner" role="region" aria-labelledby={titleId}>
      <div className="consent-banner__inner container">
        <div className="consent-banner__message">
          <h2 id={titleId} className="consent-banner__title">
            {t('consent.bannerTitle')}
          </h2>
          {/* Two short paragraphs rather than one block: the banner appears after the page and must not
              become its largest paint. On phones they are cut to three lines (all of it stays readable by
              assistive technologies, and the policy link leads to the rest) so the banner keeps to 30% of
              the screen. */}
          <div className="consent-banner__text">
            <p>{t('consent.bannerText')}</p>
            <p>{t('consent.bannerRefusal')}</p>
          </div>
          <p className="consent-banner__more">
            <SiteLink to="/cookies">{t('consent.policyLink')}</SiteLink>
          </p>
        </div>
        <div className="consent-banner__actions">
          <button type="button" className="consent-button" onClick={() => decide(acceptAll())}>
            {t('consent.acceptAll')}
          </button>
          <button type="button" className="consent-button" onClick={() => decide(declineAll())}>
            {t('consent.declineAll')}
          </button>
          <button type="button" className="consent-button" onClick={() => openConsentSettings()} {...preloadConsentSettings}>
            {t('consent.manage')}
          </button>
          <button type="button" className="consent-button" onClick={dismissBanner} aria-label={t('consent.closeBanner')}>
            {t('consent.close')}
          </button>
        </div>
      </div>
    </section>
  )
}

function ConsentControlButton() {
  return (
    <button type="button" className="consent-control" onClick={() => openConsentSettings()} aria-label={t('consent.controlButton')} {...preloadConsentSettings}>
      <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M12 2a10 10 0 1 0 10 10 4 4 0 0 1-5-5 4 4 0 0 1-5-5zm-4 9a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3zm3 5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3zm5-1a1 1 0 1 1 0 2 1 1 0 0 1 0-2z" />
      </svg>
    </button>
  )
}
