import { lazy, Suspense, useId, useState, type FormEvent } from 'react'
import { t } from '#src/lib/i18n'
import './newsletter.css'

interface NewsletterSignupProps {
  variant: 'footer' | 'section'
}

// Formik and Yup stay out of every page's first load: they arrive when the visitor reaches for the form.
const NewsletterForm = lazy(() => import('./newsletter-form').then((module) => ({ default: module.NewsletterForm })))

/**
 * Newsletter sign-up (POST {SITE_API_URL}/newsletter). Until the visitor focuses, hovers or submits it,
 * a light form with the same markup stands in for the Formik form.
 */
export function NewsletterSignup({ variant }: NewsletterSignupProps) {
  const [activation, setActivation] = useState<{ email: string; submit: boolean } | undefined>(undefined)
  const [email, setEmail] = useState('')
  const id = useId()

  const activate = (submit: boolean) => setActivation((current) => current ?? { email, submit })
  const shell = (
    <form
      className={`newsletter newsletter--${variant}`}
      noValidate
      onFocus={() => activate(false)}
      onPointerEnter={() => activate(false)}
      onSubmit={(event: FormEvent) => {
        event.preventDefault()
        activate(true)
      }}
    >
      <label htmlFor={`${id}-email`}>{t('newsletter.label')}</label>
      <div className="newsletter__row">
        <input id={`${id}-email`} name="email" type="email" className="text-input" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
        <button type="submit" className="button button--primary">
          {t('newsletter.submit')}
        </button>
      </div>
      <p className="newsletter__hint">{t('newsletter.privacy')}</p>
    </form>
  )

  if (!activation) return shell
  return (
    <Suspense fallback={shell}>
      <NewsletterForm variant={variant} id={id} initialEmail={activation.email || email} submitOnMount={activation.submit} />
    </Suspense>
  )
}
