import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { SiteLink } from '#src/components/ui/site-link'
import { t } from '#src/lib/i18n'
import { consentOptions, GROUP_COOKIES, OPTIONAL_GROUP_IDS, type ConsentGroupId, type OptionalGroupId } from './consent-config'
import { acceptAll, declineAll, sameSelection, saveSelection } from './consent-state'
import { closeConsentSettings, decide, dismissBanner, initConsent, openConsentSettings, useConsent } from './consent-store'
import { useFocusTrap } from './use-focus-trap'
import './consent.css'

/** Banner, settings dialog and (when configured) the floating control button. Rendered once, at the root. */
export function ConsentRoot() {
  const consent = useConsent()
  useEffect(() => initConsent(), [])
  if (!consent.ready) return null
  return (
    <>
      {!consent.decided && !consent.bannerDismissed ? <ConsentBanner /> : null}
      {consent.settingsOpen ? <ConsentSettings /> : null}
      {consentOptions.controlButton && consent.decided && !consent.settingsOpen ? <ConsentControlButton /> : null}
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
    const root = document.documentElement
    const observer = new ResizeObserver(() => root.style.setProperty('--consent-banner-height', `${banner.offsetHeight}px`))
    observer.observe(banner)
    return () => {
      observer.disconnect()
      root.style.removeProperty('--consent-banner-height')
    }
  }, [])

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
          <button type="button" className="consent-button" onClick={openConsentSettings}>
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

function GroupSwitch({ id, checked, locked, onToggle }: { id: ConsentGroupId; checked: boolean; locked: boolean; onToggle?: () => void }) {
  const inputId = useId()
  const cookies = GROUP_COOKIES[id]
  return (
    <li className="consent-group">
      <div className="consent-group__header">
        <label className="consent-group__label" htmlFor={inputId}>
          {t(`consent.group.${id}`)}
        </label>
        <input
          id={inputId}
          className="consent-switch"
          type="checkbox"
          role="switch"
          checked={checked}
          disabled={locked}
          onChange={onToggle}
          aria-describedby={`${inputId}-description`}
        />
        {locked ? <span className="consent-group__locked">{t('consent.alwaysOn')}</span> : null}
      </div>
      <div id={`${inputId}-description`} className="consent-group__description">
        <p>{t(`consent.group.${id}.description`)}</p>
        <p className="consent-group__cookies">{cookies.length ? t('consent.cookiesUsed', { names: cookies.join(', ') }) : t('consent.noCookies')}</p>
      </div>
    </li>
  )
}

function ConsentSettings() {
  const consent = useConsent()
  const [selection, setSelection] = useState<ReadonlySet<OptionalGroupId>>(() => new Set(consent.enabled))
  const dialogRef = useRef<HTMLDivElement>(null)
  const titleId = useId()
  const close = useCallback(() => closeConsentSettings(), [])
  useFocusTrap(dialogRef, true, close)
  const unsaved = !sameSelection(selection, consent.enabled)

  const toggle = (id: OptionalGroupId) =>
    setSelection((current) => {
      const next = new Set(current)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })

  return (
    <div className="consent-modal">
      <div className="consent-modal__overlay" />
      <div ref={dialogRef} className="consent-modal__dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className="consent-modal__body">
          <h2 id={titleId}>{t('consent.settingsTitle')}</h2>
          <p>{t('consent.settingsIntro')}</p>
          <ul className="consent-groups">
            <GroupSwitch id="necessary" checked locked />
            {OPTIONAL_GROUP_IDS.map((id) => (
              <GroupSwitch key={id} id={id} checked={selection.has(id)} locked={false} onToggle={() => toggle(id)} />
            ))}
          </ul>
        </div>
        {/* Kept in view below the scrolling groups, so Save is always one look away. */}
        <div className="consent-modal__footer">
          <p className="consent-modal__unsaved" role="status">
            {unsaved ? t('consent.unsaved') : ''}
          </p>
          <div className="consent-modal__actions">
            <button type="button" className="consent-button consent-button--light" onClick={() => decide(saveSelection(selection))}>
              {t('consent.save')}
            </button>
            <button type="button" className="consent-button consent-button--light" onClick={() => decide(acceptAll())}>
              {t('consent.acceptAll')}
            </button>
            <button type="button" className="consent-button consent-button--light" onClick={() => decide(declineAll())}>
              {t('consent.declineAll')}
            </button>
            <button type="button" className="consent-button consent-button--light" onClick={close}>
              {t('consent.close')}
            </button>
          </div>
        </div>
      </div>
    </div>
  )
}

function ConsentControlButton() {
  return (
    <button type="button" className="consent-control" onClick={openConsentSettings} aria-label={t('consent.controlButton')}>
      <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M12 2a10 10 0 1 0 10 10 4 4 0 0 1-5-5 4 4 0 0 1-5-5zm-4 9a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3zm3 5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3zm5-1a1 1 0 1 1 0 2 1 1 0 0 1 0-2z" />
      </svg>
    </button>
  )
}
