import { useEffect, useRef, useState } from 'react'
import type { GeneratorMessageKey } from './generator-i18n'
import { t } from './generator-i18n'
import { ExperiencePlayer } from './experience-player'
import type { StoredExperience } from './experience-storage'
import { readShareFragment, TransferError, type TransferProblem } from './experience-transfer'

interface SharedPreviewProps {
  fragment: string
  /** Whether the visitor's list already holds the experience with this id. */
  isSaved: (id: string) => boolean
  onSave: (record: StoredExperience) => void
  onClose: () => void
}

type State = { status: 'reading' } | { status: 'ready'; record: StoredExperience } | { status: 'refused'; problem: TransferProblem }

const PROBLEMS: Partial<Record<TransferProblem, GeneratorMessageKey>> = {
  'too-large': 'generator.shared.tooLarge',
  unsupported: 'generator.shared.unsupported',
  browser: 'generator.shared.browser',
}

/** An experience opened from a preview link: playable at once, saved to the visitor's list only on request. */
export function SharedPreview({ fragment, isSaved, onSave, onClose }: SharedPreviewProps) {
  const [state, setState] = useState<State>({ status: 'reading' })
  const saved = state.status === 'ready' && isSaved(state.record.id)
  const heading = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    let current = true
    setState({ status: 'reading' })
    readShareFragment(fragment).then(
      (record) => current && setState({ status: 'ready', record }),
      (error: unknown) => current && setState({ status: 'refused', problem: error instanceof TransferError ? error.problem : 'tampered' }),
    )
    return () => {
      current = false
    }
  }, [fragment])

  // Once the link is read, and again once saved (the save button is gone): back to the section's title.
  useEffect(() => {
    if (state.status !== 'reading') heading.current?.focus()
  }, [state.status, saved])

  return (
    <section className="shared-preview" aria-labelledby="shared-preview-title">
      <h2 id="shared-preview-title" ref={heading} tabIndex={-1}>
        {t('generator.shared.title')}
      </h2>
      {/* Both regions are there from the start, so the refusal or the save is read when it comes. */}
      <div role="alert">
        {state.status === 'refused' ? <p className="ai-generator__problem">{t(PROBLEMS[state.problem] ?? 'generator.shared.tampered')}</p> : null}
      </div>
      {state.status === 'reading' ? <p>{t('generator.shared.reading')}</p> : null}
      <div role="status">{saved ? <p>{t('generator.shared.saved')}</p> : null}</div>
      {state.status === 'ready' ? (
        <>
          <p className="ai-generator__note">{t('generator.shared.note')}</p>
          <ExperiencePlayer experienceId={state.record.id} experience={state.record.experience} />
        </>
      ) : null}
      <div className="experience__actions shared-preview__actions">
        {state.status === 'ready' && !saved ? (
          <button type="button" className="button button--primary" onClick={() => onSave(state.record)}>
            {t('generator.shared.save')}
          </button>
        ) : null}
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('generator.shared.close')}
        </button>
      </div>
    </section>
  )
}
