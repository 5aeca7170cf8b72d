import { ErrorMessage, Field, Form, Formik, type FormikErrors, type FormikHelpers } from 'formik'
import { useEffect, useRef, useState } from 'react'
import type { ContactMessageKey } from './contact-i18n'
import { t } from './contact-i18n'
import { submitForm, type SubmitOutcome } from '#src/lib/post-json'
import { siteConfig } from '#src/lib/site-config'
import { contactSchema, CONTACT_FIELDS } from './contact-schema'
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

/** The contact form: French validation on blur and submit, nothing typed is lost when sending fails. */
export function ContactForm() {
  const [outcome, setOutcome] = useState<SubmitOutcome | undefined>(undefined)
  const startedAt = useRef(Date.now())

  const submit = async ({ website, ...request }: Values, helpers: FormikHelpers<Values>) => {
    setOutcome(undefined)
    const result = await submitForm(`${siteConfig.apiUrl}/contact`, contactSchema.cast(request), { honeypot: website, startedAt: startedAt.current })
    setOutcome(result)
    if (result.status === 'sent') helpers.resetForm({ values: EMPTY })
  }

  return (
    <Formik<Values> initialValues={EMPTY} validationSchema={contactSchema} onSubmit={submit}>
      {({ errors, touched, isSubmitting, isValidating, submitCount }) => (
        <Form className="contact-form" noValidate aria-busy={isSubmitting}>
          <FocusFirstError errors={errors} submitCount={submitCount} isValidating={isValidating} />
          <div className="contact-form__grid">
            {FIELDS.map((field) => {
              const invalid = Boolean(touched[field.name] && errors[field.name])
              const describedBy = [field.hint ? `contact-${field.name}-hint` : '', invalid ? `contact-${field.name}-error` : ''].filter(Boolean).join(' ')
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
                    aria-invalid={invalid || undefined}
                    aria-describedby={describedBy || undefined}
                  />
                  <ErrorMessage name={field.name}>
                    {(message) => (
                      <p id={`contact-${field.name}-error`} className="field-error">
                        {message}
                      </p>
                    )}
                  </ErrorMessage>
                </div>
              )
            })}
          </div>
          <div className="honeypot" aria-hidden="true">
            <label htmlFor="contact-website">{t('form.honeypot')}</label>
            <Field id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
          </div>
          <p className="contact-form__privacy">{t('contact.privacy')}</p>
          <button type="submit" className="button button--primary" disabled={isSubmitting}>
            {isSubmitting ? t('form.sending') : t('contact.submit')}
          </button>
          <div role="status" aria-live="polite">
            {outcome?.status === 'sent' ? <p className="form-success">{t('contact.success')}</p> : null}
          </div>
          <div role="alert">
            {outcome?.status === 'failed' ? (
              <p className="form-error">
                {t('contact.errorBefore')}
                <a href={`mailto:${siteConfig.contactEmail}`}>{siteConfig.contactEmail}</a>
              </p>
            ) : null}
            {outcome?.status === 'rate-limited' ? <p className="form-error">{t('form.rateLimited', { seconds: outcome.retryAfterSeconds })}</p> : null}
          </div>
        </Form>
      )}
    </Formik>
  )
}

/** After a refused submit, focus goes to the first field in error, as screen reader users expect. */
function FocusFirstError({ errors, submitCount, isValidating }: { errors: FormikErrors<Values>; submitCount: number; isValidating: boolean }) {
  const handled = useRef(0)
  useEffect(() => {
    // Once per submit attempt, after its validation has produced the errors.
    if (isValidating || submitCount === handled.current) return
    handled.current = submitCount
    const first = FIELDS.find((field) => errors[field.name])
    if (first) document.getElementById(`contact-${first.name}`)?.focus()
  }, [submitCount, isValidating, errors])
  return null
}
