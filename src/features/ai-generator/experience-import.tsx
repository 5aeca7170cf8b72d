import { useState, type ChangeEvent } from 'react'
import type { GeneratorMessageKey } from './generator-i18n'
import { t } from './generator-i18n'
import { experienceStore } from './experience-store'
import type { TransferProblem } from './experience-transfer'

const PROBLEMS: Record<TransferProblem, GeneratorMessageKey> = {
  'not-json': 'generator.import.notJson',
  invalid: 'generator.import.invalid',
  tampered: 'generator.import.invalid',
  'too-large': 'generator.import.tooLarge',
  unsupported: 'generator.import.unsupported',
  browser: 'generator.import.invalid',
}

/**
 * Imports an exported `.json` file: validated like a generation, added by id (an experience already listed
 * is neither duplicated nor replaced), then opened. A bad file changes nothing and says why, in French.
 */
export function ExperienceImport({ onOpen }: { onOpen: (id: string) => void }) {
  const [message, setMessage] = useState<{ text: string; failed: boolean } | undefined>(undefined)

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0]
    // Cleared so that choosing the same file again is a new import.
    event.currentTarget.value = ''
    if (!file) return
    const { readExperienceFile, TransferError } = await import('./experience-transfer')
    try {
      const record = await readExperienceFile(file)
      const known = experienceStore.getSnapshot().items.some((item) => item.id === record.id)
      if (!known) experienceStore.add(record)
      setMessage({ text: t(known ? 'generator.import.duplicate' : 'generator.import.done', { title: record.experience.title }), failed: false })
      onOpen(record.id)
    } catch (error) {
      setMessage({ text: t(PROBLEMS[error instanceof TransferError ? error.problem : 'invalid']), failed: true })
    }
  }

  return (
    <div className="experience-import">
      <label htmlFor="experience-import" className="button button--secondary">
        {t('generator.import.label')}
      </label>
      <input id="experience-import" type="file" accept=".json,application/json" className="visually-hidden" aria-describedby="experience-import-hint" onChange={importFile} />
      <p id="experience-import-hint" className="ai-generator__note">
        {t('generator.import.hint')}
      </p>
      <div role="status">{message ? <p className={message.failed ? 'form-error' : undefined}>{message.text}</p> : null}</div>
    </div>
  )
}
