import { lazy, Suspense } from 'react'
import { t } from '#src/lib/i18n'
import { siteConfig } from '#src/lib/site-config'
import type { StoredExperience } from './experience-storage'

// The player renders generated text through the Markdown renderer (marked, DOMPurify): it loads when a
// preview opens, not with the page.
const ExperiencePlayer = lazy(() => import('./experience-player').then((module) => ({ default: module.ExperiencePlayer })))

interface ExperienceListProps {
  items: StoredExperience[]
  openId: string | undefined
  onOpen: (id: string | undefined) => void
  onDelete: (record: StoredExperience) => void
}

const dateFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short' })

/**
 * "Récupérer dans mon compte" posts the stored experience to the application, which asks the visitor to
 * log in or sign up and then imports it (README, "Récupérer une expérience").
 */
function RecoverForm({ record }: { record: StoredExperience }) {
  return (
    <form method="post" action={`${siteConfig.appUrl}/import/ai-experience`} target="_blank" className="experience__recover">
      <input type="hidden" name="experience" value={JSON.stringify(record)} />
      <button type="submit" className="button button--primary">
        {t('generator.recover')}
      </button>
    </form>
  )
}

export function ExperienceList({ items, openId, onOpen, onDelete }: ExperienceListProps) {
  if (items.length === 0) return <p className="experience-list__empty">{t('generator.listEmpty')}</p>
  return (
    <ul className="experience-list">
      {items.map((record) => {
        const open = record.id === openId
        return (
          <li key={record.id} className="experience">
            <h3 className="experience__title">{record.experience.title}</h3>
            <p className="experience__meta">
              {t('generator.meta', {
                date: dateFormat.format(new Date(record.createdAt)),
                company: record.request.companyName,
                kind: t(`generator.kind.${record.experience.kind}`),
                language: t(`generator.language.${record.experience.language}`),
              })}
            </p>
            <div className="experience__actions">
              <button type="button" className="button button--secondary" aria-expanded={open} onClick={() => onOpen(open ? undefined : record.id)}>
                {open ? t('generator.hide') : t('generator.play')}
              </button>
              <RecoverForm record={record} />
              <button type="button" className="button button--secondary" onClick={() => onDelete(record)}>
                {t('generator.delete')}
              </button>
            </div>
            {open ? (
              <Suspense fallback={<p role="status">{t('page.loading')}</p>}>
                <ExperiencePlayer key={record.id} experience={record.experience} />
              </Suspense>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}
