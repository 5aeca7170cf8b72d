import { Field, Form, Formik, useFormikContext } from 'formik'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import type { GeneratorMessageKey } from './generator-i18n'
import { t } from './generator-i18n'
import { trackConversion } from '#src/lib/conversions'
import { postJson, retryAfterSeconds } from '#src/lib/post-json'
import { siteConfig } from '#src/lib/site-config'
import { ExperienceImport } from './experience-import'
import { ExperienceList } from './experience-list'
import { generatorFormSchema, LLM_MODEL_IDS, parseExperience, type GameLanguage, type GeneratorRequest, type LlmModelId } from './experience-schema'
import { createExperienceId, type StorageProblem, type StoredExperience } from './experience-storage'
import { experienceStore, useExperiences } from './experience-store'
import { statisticsName } from './experience-statistics'
import { isShareFragment } from './share-fragment'
import { useAnnouncer, useFocusAfterRender } from './live-region'
import './ai-generator.css'

const SharedPreview = lazy(() => import('./shared-preview').then((module) => ({ default: module.SharedPreview })))

export const GENERATION_TIMEOUT_MS = 60_000
const STEPS: GeneratorMessageKey[] = ['generator.step1', 'generator.step2', 'generator.step3', 'generator.step4']
const EXPECTED_DURATION_MS = 10_000

interface FormValues {
  companyName: string
  companyActivity: string
  event: string
  additionalInformation: string
  gameType: '0' | '1'
  gameLanguage: GameLanguage
  llmModel: LlmModelId
}

const INITIAL: FormValues = { companyName: '', companyActivity: '', event: '', additionalInformation: '', gameType: '0', gameLanguage: 'fr', llmModel: 'fast' }
const TEXT_FIELDS = ['companyName', 'companyActivity', 'event', 'additionalInformation'] as const
const fieldId = (name: keyof FormValues) => `generator-${name}`

type Status =
  | { state: 'idle' }
  | { state: 'generating'; startedAt: number }
  | { state: 'error' }
  | { state: 'rate-limited' | 'busy'; retryAfterSeconds: number }

const PROBLEM_MESSAGES: Record<StorageProblem, GeneratorMessageKey> = {
  unavailable: 'generator.storageUnavailable',
  full: 'generator.storageFull',
  corrupt: 'generator.storageCorrupt',
}

const plural = new Intl.PluralRules('fr-FR')

/** "30 secondes", "2 minutes": the wait a 429 or a 503 asks for, rounded up to the minute past 90 s. */
function formatWait(seconds: number): string {
  const [count, unit] = seconds > 90 ? [Math.ceil(seconds / 60), 'minute'] : [seconds, 'second']
  return t(`generator.wait.${unit as 'minute' | 'second'}.${plural.select(count) === 'one' ? 'one' : 'other'}`, { count })
}

function toRequest(values: FormValues): GeneratorRequest {
  return generatorFormSchema.cast({ ...values, gameType: Number(values.gameType) })
}

/** The current `#apercu=…` preview link, if the page was opened with one (or one was pasted since). */
function useShareFragment(): [string | undefined, () => void] {
  const [fragment, setFragment] = useState<string | undefined>(undefined)
  useEffect(() => {
    const read = () => setFragment(isShareFragment(window.location.hash) ? window.location.hash : undefined)
    read()
    window.addEventListener('hashchange', read)
    return () => window.removeEventListener('hashchange', read)
  }, [])
  const close = () => {
    // The router keeps its own keys in history.state: only the fragment goes.
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search)
    setFragment(undefined)
  }
  return [fragment, close]
}

/**
 * The generator: form, ~10 s of progress with a cancel button, then the stored, playable experience. Focus
 * never falls to the page: the submit button stays in place during a run, then focus goes to the new
 * experience's title, or back to the button after a failure or a cancel; deleting focuses the undo button
 * and undoing the restored title. Each change is said once, in a live region present from the start: the
 * run's below the button, the list's above the list (decision 028).
 */
export function AiGenerator() {
  const [status, setStatus] = useState<Status>({ state: 'idle' })
  const { items, unsaved, problem } = useExperiences()
  const [openId, setOpenId] = useState<string | undefined>(undefined)
  const [deleted, setDeleted] = useState<StoredExperience | undefined>(undefined)
  const [shareFragment, closeShared] = useShareFragment()
  const controller = useRef<AbortController | undefined>(undefined)
  const submitRef = useRef<HTMLButtonElement>(null)
  const undoRef = useRef<HTMLButtonElement>(null)
  const resultsRef = useRef<HTMLElement>(null)
  const formTitleRef = useRef<HTMLHeadingElement>(null)
  const [runMessage, announceRun] = useAnnouncer()
  const [listMessage, announceList] = useAnnouncer()
  const focusAfterRender = useFocusAfterRender()

  useEffect(() => () => controller.current?.abort(), [])

  const titleOf = (id: string) => resultsRef.current?.querySelector<HTMLElement>(`[data-experience-id="${CSS.escape(id)}"] .experience__title`)

  /** Focus is still where the run left it (the button, the progress, or nowhere): moving it takes nothing from the visitor. */
  const focusFollowsRun = () => {
    const active = document.activeElement
    return !active || active === document.body || active === submitRef.current || Boolean(active.closest('.ai-generator__progress'))
  }

  const generate = async (values: FormValues) => {
    // The button stays in place during a run (aria-disabled, so it keeps focus): a second press waits.
    if (controller.current) return
    const abort = new AbortController()
    controller.current = abort
    setStatus({ state: 'generating', startedAt: Date.now() })
    announceRun(t('generator.generating'))
    try {
      const request = toRequest(values)
      const result = await postJson<unknown>(`${siteConfig.apiUrl}/ai/generate`, request, { timeoutMs: GENERATION_TIMEOUT_MS, signal: abort.signal })
      if (result.status === 429 || result.status === 503) {
        if (focusFollowsRun()) focusAfterRender(() => submitRef.current)
        announceRun('')
        setStatus({ state: result.status === 429 ? 'rate-limited' : 'busy', retryAfterSeconds: retryAfterSeconds(result.data, result.retryAfter) })
        return
      }
      if (!result.ok) throw new Error(`HTTP ${result.status}`)
      const record: StoredExperience = { id: createExperienceId(), createdAt: new Date().toISOString(), request, experience: parseExperience(result.data) }
      if (focusFollowsRun()) focusAfterRender(() => titleOf(record.id))
      experienceStore.add(record)
      trackConversion('generator', 'game-generated', statisticsName(record))
      setOpenId(record.id)
      setStatus({ state: 'idle' })
      announceRun(t('generator.ready', { title: record.experience.title }))
    } catch {
      if (focusFollowsRun()) focusAfterRender(() => submitRef.current)
      const cancelled = abort.signal.aborted && abort.signal.reason === 'cancelled'
      setStatus(cancelled ? { state: 'idle' } : { state: 'error' })
      // An error is said by the alert region it appears in, once.
      announceRun(cancelled ? t('generator.cancelled') : '')
    } finally {
      controller.current = undefined
    }
  }

  const remove = (record: StoredExperience) => {
    experienceStore.remove(record.id)
    setDeleted(record)
    if (openId === record.id) setOpenId(undefined)
    announceList(t('generator.deleted', { title: record.experience.title }))
    focusAfterRender(() => undoRef.current)
  }

  const undo = () => {
    if (!deleted) return
    experienceStore.add(deleted)
    setDeleted(undefined)
    announceList(t('generator.restored', { title: deleted.experience.title }))
    focusAfterRender(() => titleOf(deleted.id))
  }

  // The preview and its close button go: focus moves on to what follows it, the form.
  const closePreview = () => {
    closeShared()
    focusAfterRender(() => formTitleRef.current)
  }

  return (
    <div className="ai-generator">
      {shareFragment ? (
        <Suspense fallback={<p>{t('generator.shared.reading')}</p>}>
          <SharedPreview fragment={shareFragment} isSaved={(id) => items.some((item) => item.id === id)} onSave={(record) => experienceStore.add(record)} onClose={closePreview} />
        </Suspense>
      ) : null}
      <Formik<FormValues> initialValues={INITIAL} validationSchema={generatorFormSchema} onSubmit={generate}>
        {({ errors, touched, values, submitCount }) => {
          // Tabbing through an untouched field says nothing: an error shows once the field was edited, or after a submit.
          const errorOf = (name: keyof FormValues) => (touched[name] && (submitCount > 0 || values[name] !== INITIAL[name]) ? errors[name] : undefined)
          return (
            <Form className="ai-generator__form" noValidate>
              <FocusFirstInvalid />
              <h2 ref={formTitleRef} tabIndex={-1}>
                {t('generator.formTitle')}
              </h2>
              <div className="ai-generator__grid">
                <TextField name="companyName" label="generator.companyName" error={errorOf('companyName')} />
                <TextField name="companyActivity" label="generator.companyActivity" hint="generator.companyActivityHint" error={errorOf('companyActivity')} />
                <TextField name="event" label="generator.event" hint="generator.eventHint" error={errorOf('event')} />
                <TextField name="additionalInformation" label="generator.additionalInformation" hint="generator.additionalInformationHint" multiline error={errorOf('additionalInformation')} />
              </div>
              <div className="ai-generator__choices">
                <Choice name="gameType" legend="generator.gameType" options={[['0', 'generator.quiz'], ['1', 'generator.poll']]} />
                <Choice name="gameLanguage" legend="generator.gameLanguage" options={[['fr', 'generator.fr'], ['en', 'generator.en']]} />
                <Choice name="llmModel" legend="generator.llmModel" options={LLM_MODEL_IDS.map((id) => [id, `generator.model.${id}`] as [string, GeneratorMessageKey])} />
              </div>
              <button ref={submitRef} type="submit" className="button button--primary" aria-disabled={status.state === 'generating' || undefined}>
                {t('generator.submit')}
              </button>
              {status.state === 'generating' ? <Progress startedAt={status.startedAt} onCancel={() => controller.current?.abort('cancelled')} /> : null}
              <div role="alert">
                {status.state === 'error' ? <p className="form-error">{t('generator.error')}</p> : null}
                {status.state === 'rate-limited' || status.state === 'busy' ? (
                  <p className="form-error">{t(status.state === 'busy' ? 'generator.busy' : 'generator.rateLimited', { wait: formatWait(status.retryAfterSeconds) })}</p>
                ) : null}
              </div>
              <p role="status" className="ai-generator__live">
                {runMessage}
              </p>
            </Form>
          )
        }}
      </Formik>

      <section ref={resultsRef} className="ai-generator__results" aria-labelledby="experiences-title">
        <h2 id="experiences-title">{t('generator.listTitle')}</h2>
        <p className="ai-generator__note">{t('generator.listNote')}</p>
        <p className="ai-generator__note">{t('generator.aiNotice')}</p>
        <ExperienceImport onOpen={setOpenId} />
        <div role="status">{problem ? <p className="ai-generator__problem">{t(PROBLEM_MESSAGES[problem])}</p> : null}</div>
        <div className="ai-generator__deleted">
          <p role="status" className="ai-generator__live">
            {listMessage}
          </p>
          {deleted ? (
            <button ref={undoRef} type="button" className="link-button" onClick={undo}>
              {t('generator.undo')}
            </button>
          ) : null}
        </div>
        <ExperienceList items={items} unsaved={unsaved} openId={openId} onOpen={setOpenId} onDelete={remove} />
      </section>
    </div>
  )
}

/** After a submit that validation stops, focus goes to the first field to fix (its error is its description). */
function FocusFirstInvalid() {
  const { submitCount, isSubmitting, errors } = useFormikContext<FormValues>()
  // Once per submit: fixing a field afterwards changes the errors but must not move focus.
  const handled = useRef(0)
  useEffect(() => {
    if (isSubmitting || submitCount === handled.current) return
    handled.current = submitCount
    const first = TEXT_FIELDS.find((name) => errors[name])
    if (first) document.getElementById(fieldId(first))?.focus()
  }, [submitCount, isSubmitting, errors])
  return null
}

function TextField({ name, label, hint, multiline = false, error }: { name: keyof FormValues; label: GeneratorMessageKey; hint?: GeneratorMessageKey; multiline?: boolean; error: string | undefined }) {
  const id = fieldId(name)
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <div className={`form-field${multiline ? ' form-field--wide' : ''}`}>
      <label htmlFor={id}>{t(label)}</label>
      {hint ? (
        <p id={`${id}-hint`} className="form-field__hint">
          {t(hint)}
        </p>
      ) : null}
      <Field id={id} name={name} as={multiline ? 'textarea' : 'input'} rows={multiline ? 4 : undefined} aria-invalid={error ? true : undefined} aria-describedby={describedBy || undefined} />
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}

function Choice({ name, legend, options }: { name: keyof FormValues; legend: GeneratorMessageKey; options: [string, GeneratorMessageKey][] }) {
  return (
    <fieldset className="choice">
      <legend>{t(legend)}</legend>
      {options.map(([value, label]) => (
        <label key={value} className="choice__option">
          <Field type="radio" name={name} value={value} />
          <span>{t(label)}</span>
        </label>
      ))}
    </fieldset>
  )
}

function Progress({ startedAt, onCancel }: { startedAt: number; onCancel: () => void }) {
  const [elapsed, setElapsed] = useState(0)
  useEffect(() => {
    const timer = setInterval(() => setElapsed(Date.now() - startedAt), 250)
    return () => clearInterval(timer)
  }, [startedAt])
  // The bar follows the usual ~10 s and waits at 95 % rather than pretending to be done.
  const percent = Math.min(95, Math.round((elapsed / EXPECTED_DURATION_MS) * 100))
  const step = STEPS[Math.min(STEPS.length - 1, Math.floor(elapsed / (EXPECTED_DURATION_MS / STEPS.length)))]!
  return (
    <div className="ai-generator__progress">
      <progress max={100} value={percent} aria-label={t('generator.progressLabel')} />
      <p>{t(step)}</p>
      <button type="button" className="button button--secondary" onClick={onCancel}>
        {t('generator.cancel')}
      </button>
    </div>
  )
}
