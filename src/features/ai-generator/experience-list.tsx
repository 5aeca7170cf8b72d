import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { t } from './generator-i18n'
import { trackConversion } from '#src/lib/conversions'
import { siteConfig } from '#src/lib/site-config'
import { statisticsName } from './experience-statistics'
import type { StoredExperience } from './experience-storage'
import type { ShareOutcome } from './experience-transfer'
import { useAnnouncer } from './live-region'

// The player, the export and the share link load when a visitor asks for them, not with the page.
const ExperiencePlayer = lazy(() => import('./experience-player').then((module) => ({ default: module.ExperiencePlayer })))
const loadTransfer = () => import('./experience-transfer')

/** Enough to fill a screen or two; a long list grows on demand so 500 stored experiences stay quick. */
export const PAGE_SIZE = 20

interface ExperienceListProps {
  items: readonly StoredExperience[]
  unsaved: ReadonlySet<string>
  openId: string | undefined
  onOpen: (id: string | undefined) => void
  onDelete: (record: StoredExperience) => void
}

let dateFormat: Intl.DateTimeFormat | undefined
/**
 * Built on the first date shown, not with the page: the first date formatter costs Chromium about 12 ms of
 * the task that runs the generator's page (50 ms on a slow phone), and a first visit has no date to show.
 */
const formatDate = (iso: string) => (dateFormat ??= new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short' })).format(new Date(iso))

/**
 * "Récupérer dans mon compte" posts the stored experience to the application, which asks the visitor to
 * log in or sign up and then imports it (README, "Récupérer une expérience").
 */
function RecoverForm({ record }: { record: StoredExperience }) {
  return (
    <form
      method="post"
      action={`${siteConfig.appUrl}/import/ai-experience`}
      target="_blank"
      className="experience__recover"
      onSubmit={() => trackConversion('generator', 'recovered', statisticsName(record))}
    >
      <input type="hidden" name="experience" value={JSON.stringify(record)} />
      <button type="submit" className="button button--primary">
        {t('generator.recover')}
      </button>
    </form>
  )
}

export function ExperienceList({ items, unsaved, openId, onOpen, onDelete }: ExperienceListProps) {
  const [pageCount, setPageCount] = useState(1)
  const [focusIndex, setFocusIndex] = useState<number | undefined>(undefined)
  const list = useRef<HTMLUListElement>(null)
  const openIndex = items.findIndex((record) => record.id === openId)
  // The experience just generated or imported is shown even when it sorts beyond the pages shown so far.
  const shown = Math.min(items.length, Math.max(pageCount * PAGE_SIZE, Math.ceil((openIndex + 1) / PAGE_SIZE) * PAGE_SIZE))

  useEffect(() => {
    if (focusIndex === undefined) return
    list.current?.querySelectorAll<HTMLElement>('.experience__title')[focusIndex]?.focus()
    setFocusIndex(undefined)
  }, [focusIndex])

  if (items.length === 0) return <p className="experience-list__empty">{t('generator.listEmpty')}</p>

  const showMore = () => {
    setPageCount(Math.ceil((shown + PAGE_SIZE) / PAGE_SIZE))
    setFocusIndex(shown)
  }

  return (
    <>
      <ul ref={list} className="experience-list">
        {items.slice(0, shown).map((record) => (
          <ExperienceItem key={record.id} record={record} unsaved={unsaved.has(record.id)} open={record.id === openId} onOpen={onOpen} onDelete={onDelete} />
        ))}
      </ul>
      {shown < items.length ? (
        <div className="experience-list__more">
          <p className="ai-generator__note">{t('generator.listCount', { shown, total: items.length })}</p>
          <button type="button" className="button button--secondary" onClick={showMore}>
            {t('generator.showMore', { count: Math.min(PAGE_SIZE, items.length - shown) })}
          </button>
        </div>
      ) : null}
    </>
  )
}

function ExperienceItem({ record, unsaved, open, onOpen, onDelete }: { record: StoredExperience; unsaved: boolean; open: boolean; onOpen: (id: string | undefined) => void; onDelete: (record: StoredExperience) => void }) {
  const [share, setShare] = useState<ShareOutcome | undefined>(undefined)
  const [shareMessage, announceShare] = useAnnouncer()

  const exportFile = async () => {
    const { downloadExperience } = await loadTransfer()
    downloadExperience(record)
    trackConversion('generator', 'exported', statisticsName(record))
  }
  const shareLink = async () => {
    const outcome = await (await loadTransfer()).shareExperience(record)
    // A link too long to share, or a browser that cannot make one, shares nothing.
    if ('url' in outcome) trackConversion('generator', 'shared', statisticsName(record))
    setShare(outcome)
    announceShare(t(SHARE_MESSAGES[outcome.status]))
  }

  return (
    <li className="experience" data-experience-id={record.id}>
      <h3 className="experience__title" tabIndex={-1} lang={record.experience.language}>
        {record.experience.title}
      </h3>
      <p className="experience__meta">
        {t('generator.meta', {
          date: formatDate(record.createdAt),
          company: record.request.companyName,
          kind: t(`generator.kind.${record.experience.kind}`),
          language: t(`generator.language.${record.experience.language}`),
        })}
      </p>
      {unsaved ? <p className="experience__unsaved">{t('generator.unsaved')}</p> : null}
      <div className="experience__actions">
        <button type="button" className="button button--secondary" aria-expanded={open} onClick={() => onOpen(open ? undefined : record.id)}>
          {open ? t('generator.hide') : t('generator.play')}
        </button>
        <RecoverForm record={record} />
        <button type="button" className="button button--secondary" onClick={exportFile}>
          {t('generator.export')}
        </button>
        <button type="button" className="button button--secondary" onClick={shareLink}>
          {t('generator.share')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => onDelete(record)}>
          {t('generator.delete')}
        </button>
      </div>
      {share && 'url' in share ? <ShareLink link={share} /> : null}
      <p role="status" className={`ai-generator__live${share?.status === 'too-large' || share?.status === 'browser' ? ' form-error' : ''}`}>
        {shareMessage}
      </p>
      {open ? (
        <Suspense fallback={<p>{t('page.loading')}</p>}>
          <ExperiencePlayer key={record.id} experienceId={record.id} experience={record.experience} />
        </Suspense>
      ) : null}
    </li>
  )
}

/** What a share says, in the item's status line (present from the start, so the words are read). */
const SHARE_MESSAGES: Record<ShareOutcome['status'], 'generator.share.copied' | 'generator.share.copyYourself' | 'generator.share.tooLarge' | 'generator.share.browser'> = {
  copied: 'generator.share.copied',
  ready: 'generator.share.copyYourself',
  'too-large': 'generator.share.tooLarge',
  browser: 'generator.share.browser',
}

function ShareLink({ link }: { link: { url: string } }) {
  const input = useRef<HTMLInputElement>(null)
  const noteId = useId()
  // The link is ready to copy by hand: focused and selected, again at each press of the share button.
  useEffect(() => input.current?.focus(), [link])
  return (
    <div className="experience__share">
      <label className="form-field">
        <span>{t('generator.share.label')}</span>
        <input ref={input} type="text" readOnly value={link.url} aria-describedby={noteId} onFocus={(event) => event.currentTarget.select()} />
      </label>
      <p id={noteId} className="ai-generator__note">
        {t('generator.share.privacy')}
      </p>
    </div>
  )
}
