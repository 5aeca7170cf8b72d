import { t } from '#src/lib/i18n'

interface NewsletterSignupProps {
  variant: 'footer' | 'section'
}

/** Newsletter sign-up (POST {SITE_API_URL}/newsletter). */
export function NewsletterSignup({ variant }: NewsletterSignupProps) {
  return (
    <form className={`newsletter newsletter--${variant}`} method="post" action="/api/newsletter" noValidate>
      <label htmlFor={`newsletter-email-${variant}`}>{t('newsletter.label')}</label>
      <input id={`newsletter-email-${variant}`} name="email" type="email" autoComplete="email" required />
      <button type="submit" className="button button--primary">
        {t('newsletter.submit')}
      </button>
    </form>
  )
}
