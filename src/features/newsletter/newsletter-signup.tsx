import { useEffect, useEffectEvent, useId, useRef, useState, type ChangeEvent, type FocusEvent } from 'react'
import { t } from '#src/lib/forms-i18n'
import type { SubmitOutcome } from '#src/lib/post-json'
import { listenToNewsletterSubmits, NEWSLETTER_FORM_ATTRIBUTE } from './submit-requests'
import './newsletter.css'

interface NewsletterSignupProps {
  variant: 'footer' | 'section'
}

// Yup and the request helper stay out of every page's first load: they arrive when the visitor reaches for
// the form, and a submission made before waits for them.
const loadSubmission = () => import('./newsletter-submission')

function preloadSubmission(): void {
  // A failed load is retried, and reported, by the submission that needs it.
  loadSubmission().catch(() => undefined)
}

/**
 * Newsletter sign-up (POST {SITE_API_URL}/newsletter). The address lives in the input element alone: what
 * the visitor types, pastes or autofills before, during or after hydration stays in the prerendered
 * element React adopts, and is read from it when the form is sent
 * (docs/decisions/011-newsletter-form-keeps-its-input.md).
 */
export function NewsletterSignup({ variant }: NewsletterSignupProps) {
  const id = useId()
  const emailId = `${id}-email`
  const formRef = useRef<HTMLFormElement>(null)
  const emailRef = useRef<HTMLInputElement>(null)
  const honeypotRef = useRef<HTMLInputElement>(null)
  const [startedAt] = useState(Date.now)
  const [problem, setProblem] = useState<string | undefined>(undefined)
  const [outcome, setOutcome] = useState<SubmitOutcome | undefined>(undefined)
  const [sending, setSending] = useState(false)
  const inFlight = useRef(false)
  // Checks may end out of order (the first one waits for the chunk): only the latest may show its verdict.
  const latestCheck = useRef(0)

  const showProblemOf = async (value: string) => {
    const check = ++latestCheck.current
    try {
      const verdict = await (await loadSubmission()).checkEmail(value)
      if (check === latestCheck.current) setProblem(verdict.valid ? undefined : verdict.message)
    } catch {
      // Nothing to check with yet: the submission checks again and reports a chunk that never came.
    }
  }

  const submit = useEffectEvent(async () => {
    const email = emailRef.current
    const honeypot = honeypotRef.current
    if (!email || !honeypot || inFlight.current) return
    inFlight.current = true
    latestCheck.current++
    const value = email.value
    setOutcome(undefined)
    setSending(true)
    try {
      const { checkEmail, sendSignup } = await loadSubmission()
      const verdict = await checkEmail(value)
      if (!verdict.valid) {
        setProblem(verdict.message)
        email.focus()
        return
      }
      setProblem(undefined)
      const result = await sendSignup(verdict.email, { honeypot: honeypot.value, startedAt }, variant)
      setOutcome(result)
      // Emptied only if it still holds what was sent: the visitor may have started typing another address.
      if (result.status === 'sent' && email.value === value) email.value = ''
    } catch {
      setOutcome({ status: 'failed' })
    } finally {
      inFlight.current = false
      setSending(false)
    }
  })

  useEffect(() => {
    const form = formRef.current
    const email = emailRef.current
    if (!form) return
    if (email?.value) preloadSubmission()
    // Typed in and left before React adopted the form (the footer's code arrives as the visitor reaches
    // it): the blur React never saw is judged now, as it would have been.
    if (email?.value.trim() && document.activeElement !== email) void showProblemOf(email.value)
    return listenToNewsletterSubmits(form, () => void submit())
  }, [])

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    preloadSubmission()
    if (problem) void showProblemOf(event.target.value)
  }
  const onBlur = (event: FocusEvent<HTMLInputElement>) => {
    if (event.target.value.trim()) void showProblemOf(event.target.value)
  }

  return (
    // method="dialog" outside a dialog: a submit made before any script ran does nothing, instead of
    // navigating away with the address in the URL. Submits are handled by listenToNewsletterSubmits.
    <form
      ref={formRef}
      {...{ [NEWSLETTER_FORM_ATTRIBUTE]: '' }}
      className={`newsletter newsletter--${variant}`}
      method="dialog"
      noValidate
      aria-busy={sending}
      onFocus={preloadSubmission}
      onPointerEnter={preloadSubmission}
    >
      <label htmlFor={emailId}>{t('newsletter.label')}</label>
      <div className="newsletter__row">
        <input
          ref={emailRef}
          id={emailId}
          name="email"
          type="email"
          className="text-input"
          autoComplete="email"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${emailId}-error ${id}-hint` : `${id}-hint`}
          onChange={onChange}
          onBlur={onBlur}
        />
        {/* aria-disabled rather than disabled: the button keeps the focus of a visitor who pressed it. */}
        <button type="submit" className="button button--primary" aria-disabled={sending || undefined}>
          {sending ? t('form.sending') : t('newsletter.submit')}
        </button>
      </div>
      <div className="honeypot" aria-hidden="true">
        <label htmlFor={`${id}-website`}>{t('form.honeypot')}</label>
        <input ref={honeypotRef} id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <div role="alert">
        {problem ? (
          <p id={`${emailId}-error`} className="field-error">
            {problem}
          </p>
        ) : null}
      </div>
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
    </form>
  )
}
