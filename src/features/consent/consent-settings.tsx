import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { GROUP_COOKIES, OPTIONAL_GROUP_IDS, type ConsentGroupId, type OptionalGroupId } from './consent-config'
import { t } from './consent-settings-i18n'
import { acceptAll, declineAll, sameSelection, saveSelection } from './consent-state'
import { closeConsentSettings, decide, restoreConsentFocus, useConsent } from './consent-store'
import { useFocusTrap } from './use-focus-trap'

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

/**
 * Makes everything but the dialog inert, up to <body> (header, page, banner, anything a script appended),
 * except live regions, which must still speak. Returns the undo.
 */
function makeRestInert(modal: HTMLElement): () => void {
  const made: Element[] = []
  for (let node: HTMLElement | null = modal; node && node !== document.body; node = node.parentElement) {
    for (const sibling of node.parentElement?.children ?? []) {
      if (sibling === node || sibling.hasAttribute('inert') || sibling.hasAttribute('aria-live')) continue
      sibling.setAttribute('inert', '')
      made.push(sibling)
    }
  }
  return () => {
    for (const element of made) element.removeAttribute('inert')
  }
}

/** The settings dialog, loaded on demand by ConsentRoot. */
export function ConsentSettings() {
  const consent = useConsent()
  const [selection, setSelection] = useState<ReadonlySet<OptionalGroupId>>(() => new Set(consent.enabled))
  const dialogRef = useRef<HTMLDivElement>(null)
  const titleId = useId()
  const close = useCallback(() => closeConsentSettings(), [])
  const modalRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const release = makeRestInert(modalRef.current!)
    return () => {
      release()
      restoreConsentFocus()
    }
  }, [])
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
    <div ref={modalRef} className="consent-modal">
      {/* A click beside the dialog leaves focus in it, where Escape and Tab still work. */}
      <div className="consent-modal__overlay" onMouseDown={(event) => event.preventDefault()} />
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
            {unsaved ? <span lang="en">{t('consent.unsaved')}</span> : null}
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
