import { Field, Formik, type FormikErrors, type FormikHelpers } from 'formik'
import { useEffect, useRef, useState, type Ref } from 'react'
import type { ContactMessageKey } from './contact-i18n'
import { t } from './contact-i18n'
import { trackConversion } from '#src/lib/conversions'
import { submitForm, type SubmitOutcome } from '#src/lib/post-json'
import { siteConfig } from '#src/lib/site-config'
import { contactSchema, CONTACT_FIELDS } from './contact-schema'
import { withoutContactDetails } from './contact-statistics'
import './contact-form.css'

type FieldName = (typeof CONTACT_FIELDS)[number]
type Values = Record<FieldName | 'website', string>

const EMPTY: Values = { firstName: '', name: '', email: '', phone: '', company: '', object: '', message: '', website: '' }

const FIELDS: { name: FieldName; label: ContactMessageKey; type: string; autoComplete: string; required: boolean; wide?: boolean; multiline?: boolean; hint?: ContactMessageKey }[] = [
  { name: 'firstName', label: 'contact.firstName', type: 'text', autoComplete: 'given-name', required: true },
  { name: 'name', label: 'contact.name', type: 'text', autoComplete: 'family-name', required: true },
  { name: 'email', label: 'contact.email', type: 'email', autoComplete: 'email', required: true },
  { name: 'phone', label: 'contact.phone', type: 'tel', autoComplete: 'tel', required: false },
  { name: 'company', label: 'contact.company', type: 'text', autoComplete: 'organization', required: true },
  { name: 'object', label: 'contact.object', type: 'text', autoComplete: 'off', required: true },
  { name: 'message', label: 'contact.message', type: 'text', autoComplete: 'off', required: true, wide: true, multiline: true, hint: 'contact.messageHint' },
]

/**
 * The answer to a sending, and whether it takes the focus: a focused message is read as it takes it, so it
 * sits outside the live regions (read twice otherwise); a visitor who went on elsewhere keeps their place
 * and hears the answer from the live region instead.
 */
interface Outcome {
  result: SubmitOutcome
  focus: boolean
}

/**
 * The contact form. An error shows once the visitor has tried to send, or has left a field they changed:
 * tabbing through untouched fields shows nothing (docs/decisions/029-form-errors-and-focus.md). Nothing
 * typed is lost when sending fails.
 */
export function ContactForm() {
  const formRef = useRef<HTMLFormElement>(null)
  const outcomeRef = useRef<HTMLParagraphElement>(null)
  const [outcome, setOutcome] = useState<Outcome | undefined>(undefined)
  const [changed, setChanged] = useState<ReadonlySet<FieldName>>(new Set())
  // The field whose error the live region reads: the one the visitor last left, or the one a refused
  // submit found already focused. Coming back to it silences the region until the visitor leaves again.
  const [announced, setAnnounced] = useState<FieldName | undefined>(undefined)
  const startedAt = useRef(Date.now())

  useEffect(() => {
    if (outcome?.focus) outcomeRef.current?.focus()
  }, [outcome])

  const submit = async ({ website, ...request }: Values, helpers: FormikHelpers<Values>) => {
    setOutcome(undefined)
    const contactRequest = contactSchema.cast(request)
    const result = await submitForm(`${siteConfig.apiUrl}/contact`, contactRequest, { honeypot: website, startedAt: startedAt.current })
    if (result.status === 'sent') trackConversion('contact', 'sent', withoutContactDetails(contactRequest.object))
    const active = document.activeElement
    setOutcome({ result, focus: !active || active === document.body || Boolean(formRef.current?.contains(active)) })
    if (result.status === 'sent') {
      helpers.resetForm({ values: EMPTY })
      setChanged(new Set())
    }
  }

  return (
    <Formik<Values> initialValues={EMPTY} validationSchema={contactSchema} onSubmit={submit}>
      {({ errors, touched, isSubmitting, isValidating, submitCount, handleSubmit, handleReset }) => {
        const errorOf = (name: FieldName) => (submitCount > 0 || (touched[name] && changed.has(name)) ? errors[name] : undefined)
        const announcement = announced ? errorOf(announced) : undefined
        const sent = outcome?.result.status === 'sent'
        return (
          // A plain form rather than Formik's: a submit while one is in flight is ignored here, the button
          // staying focusable (aria-disabled) instead of dropping the focus to the page.
          <form
            ref={formRef}
            className="contact-form"
            noValidate
            aria-busy={isSubmitting}
            onSubmit={(event) => (isSubmitting ? event.preventDefault() : handleSubmit(event))}
            onReset={handleReset}
            onInput={(event) => {
              const name = fieldOf(event.target)
              if (name && !changed.has(name)) setChanged(new Set(changed).add(name))
            }}
            onBlur={(event) => {
              const name = fieldOf(event.target)
              if (name && changed.has(name)) setAnnounced(name)
            }}
            onFocus={(event) => {
              if (fieldOf(event.target) === announced) setAnnounced(undefined)
            }}
          >
            <FocusFirstError errors={errors} submitCount={submitCount} isValidating={isValidating} onAlreadyFocused={setAnnounced} />
            <div className="contact-form__grid">
              {FIELDS.map((field) => {
                const error = errorOf(field.name)
                const describedBy = [field.hint ? `contact-${field.name}-hint` : '', error ? `contact-${field.name}-error` : ''].filter(Boolean).join(' ')
                return (
                  <div key={field.name} className={`form-field${field.wide ? ' form-field--wide' : ''}`}>
                    <label htmlFor={`contact-${field.name}`}>
                      {t(field.label)} <span className="form-field__flag">{t(field.required ? 'form.required' : 'form.optional')}</span>
                    </label>
                    {field.hint ? (
                      <p id={`contact-${field.name}-hint`} className="form-field__hint">
                        {t(field.hint)}
                      </p>
                    ) : null}
                    <Field
                      id={`contact-${field.name}`}
                      name={field.name}
                      as={field.multiline ? 'textarea' : 'input'}
                      type={field.multiline ? undefined : field.type}
                      rows={field.multiline ? 7 : undefined}
                      autoComplete={field.autoComplete}
                      aria-required={field.required || undefined}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={describedBy || undefined}
                    />
                    {error ? (
                      <p id={`contact-${field.name}-error`} className="field-error">
                        {error}
                      </p>
                    ) : null}
                  </div>
                )
              })}
            </div>
            <p className="visually-hidden" aria-live="polite">
              {announcement}
            </p>
            <div className="honeypot" aria-hidden="true">
              <label htmlFor="contact-website">{t('form.honeypot')}</label>
              <Field id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
            </div>
            <p className="contact-form__privacy">{t('contact.privacy')}</p>
            <button type="submit" className="button button--primary" aria-disabled={isSubmitting || undefined}>
              {isSubmitting ? t('form.sending') : t('contact.submit')}
            </button>
            <div role="status" aria-live="polite">
              {outcome && !outcome.focus && sent ? <OutcomeMessage result={outcome.result} /> : null}
            </div>
            <div role="alert">{outcome && !outcome.focus && !sent ? <OutcomeMessage result={outcome.result} /> : null}</div>
            {outcome?.focus ? <OutcomeMessage result={outcome.result} ref={outcomeRef} /> : null}
          </form>
        )
      }}
    </Formik>
  )
}

/** The contact field an event comes from, if any (the honeypot and the button are not). */
function fieldOf(target: EventTarget): FieldName | undefined {
  if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) return undefined
  return CONTACT_FIELDS.find((name) => name === target.name)
}

/** The answer to a sending; given a `ref`, it can take the focus (the paragraph is what a screen reader reads). */
function OutcomeMessage({ result, ref }: { result: SubmitOutcome; ref?: Ref<HTMLParagraphElement> }) {
  return (
    <p ref={ref} tabIndex={ref ? -1 : undefined} className={result.status === 'sent' ? 'form-success' : 'form-error'}>
      <OutcomeText result={result} />
    </p>
  )
}

function OutcomeText({ result }: { result: SubmitOutcome }) {
  if (result.status === 'sent') return t('contact.success')
  if (result.status === 'rate-limited') return t('form.rateLimited', { seconds: result.retryAfterSeconds })
  return (
    <>
      {t('contact.errorBefore')}
      <a href={`mailto:${siteConfig.contactEmail}`}>{siteConfig.contactEmail}</a>
    </>
  )
}

/**
 * After a refused submit, focus goes to the first field in error, which reads its error as it takes the
 * focus; a field that already has it is handed to the live region instead, as focus() would say nothing.
 */
function FocusFirstError({ errors, submitCount, isValidating, onAlreadyFocused }: { errors: FormikErrors<Values>; submitCount: number; isValidating: boolean; onAlreadyFocused: (name: FieldName) => void }) {
  const handled = useRef(0)
  useEffect(() => {
    // Once per submit attempt, after its validation has produced the errors.
    if (isValidating || submitCount === handled.current) return
    handled.current = submitCount
    const first = FIELDS.find((field) => errors[field.name])
    const element = first && document.getElementById(`contact-${first.name}`)
    if (!first || !element) return
    if (element === document.activeElement) onAlreadyFocused(first.name)
    else element.focus()
  }, [submitCount, isValidating, errors, onAlreadyFocused])
  return null
}
