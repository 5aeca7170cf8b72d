import { Field, Form, Formik, type FormikHelpers } from 'formik'
import { useEffect, useRef, useState } from 'react'
import { t } from '#src/lib/i18n'
import { submitForm, type SubmitOutcome } from '#src/lib/post-json'
import { siteConfig } from '#src/lib/site-config'
import { newsletterSchema } from './newsletter-schema'

interface NewsletterFormProps {
  variant: 'footer' | 'section'
  id: string
  initialEmail: string
  submitOnMount: boolean
}

interface Values {
  email: string
  website: string
}

export function NewsletterForm({ variant, id, initialEmail, submitOnMount }: NewsletterFormProps) {
  const [outcome, setOutcome] = useState<SubmitOutcome | undefined>(undefined)
  const startedAt = useRef(Date.now())
  const inputRef = useRef<HTMLInputElement>(null)

  useEffect(() => {
    // The light form this one replaced had the focus: keep it where the visitor put it.
    if (document.activeElement === document.body || !document.activeElement) inputRef.current?.focus()
  }, [])

  const submit = async (values: Values, helpers: FormikHelpers<Values>) => {
    setOutcome(undefined)
    const result = await submitForm(`${siteConfig.apiUrl}/newsletter`, { email: values.email.trim() }, { honeypot: values.website, startedAt: startedAt.current })
    setOutcome(result)
    if (result.status === 'sent') helpers.resetForm({ values: { email: '', website: '' } })
  }

  const emailId = `${id}-email`
  return (
    <Formik<Values> initialValues={{ email: initialEmail, website: '' }} validationSchema={newsletterSchema} onSubmit={submit}>
      {({ errors, touched, isSubmitting, submitForm }) => (
        <Form className={`newsletter newsletter--${variant}`} noValidate aria-busy={isSubmitting}>
          <SubmitOnMount enabled={submitOnMount} submit={submitForm} />
          <label htmlFor={emailId}>{t('newsletter.label')}</label>
          <div className="newsletter__row">
            <Field
              innerRef={inputRef}
              id={emailId}
              name="email"
              type="email"
              className="text-input"
              autoComplete="email"
              aria-invalid={touched.email && errors.email ? true : undefined}
              aria-describedby={touched.email && errors.email ? `${emailId}-error` : `${id}-hint`}
            />
            <button type="submit" className="button button--primary" disabled={isSubmitting}>
              {isSubmitting ? t('form.sending') : t('newsletter.submit')}
            </button>
          </div>
          <div className="honeypot" aria-hidden="true">
            <label htmlFor={`${id}-website`}>{t('form.honeypot')}</label>
            <Field id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
          </div>
          {touched.email && errors.email ? (
            <p id={`${emailId}-error`} className="field-error">
              {errors.email}
            </p>
          ) : null}
          <p id={`${id}-hint`} className="newsletter__hint">
            {t('newsletter.privacy')}
          </p>
          <div role="status" aria-live="polite">
            {outcome?.status === 'sent' ? <p className="form-success">{t('newsletter.success')}</p> : null}
          </div>
          <div role="alert">
            {outcome?.status === 'failed' ? <p className="form-error">{t('newsletter.error')}</p> : null}
            {outcome?.status === 'rate-limited' ? <p className="form-error">{t('form.rateLimited', { seconds: outcome.retryAfterSeconds })}</p> : null}
          </div>
        </Form>
      )}
    </Formik>
  )
}

function SubmitOnMount({ enabled, submit }: { enabled: boolean; submit: () => Promise<unknown> }) {
  useEffect(() => {
    if (enabled) void submit()
    // Only the submission that woke the form up.
  }, [])
  return null
}
