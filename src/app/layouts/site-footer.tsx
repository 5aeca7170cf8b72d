import { ManageCookiesButton } from '#src/features/consent/manage-cookies-button'
import { NewsletterSignup } from '#src/features/newsletter/newsletter-signup'
import { BrandLogo } from '#src/components/ui/brand-logo'
import { SiteLink } from '#src/components/ui/site-link'
import { t } from '#src/lib/i18n'
import { legalMenu, mainMenu } from '../navigation'
import { siteContent } from '../site-content'

interface SiteFooterProps {
  variant: 'site' | 'agency'
}

export function SiteFooter({ variant }: SiteFooterProps) {
  return (
    <footer className="site-footer" aria-label={t('footer.label')}>
      <div className="site-footer__inner container">
        <div className="site-footer__brand">
          <BrandLogo studio={variant === 'agency'} />
          <p>{variant === 'agency' ? siteContent.studioTagline : siteContent.tagline}</p>
          <ul className="site-footer__social">
            {siteContent.social.map((link) => (
              <li key={link.href}>
                <a href={link.href} rel="noopener noreferrer">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav className="site-footer__nav" aria-label={t('footer.sitemap')}>
          <ul>
            {mainMenu.map((entry) => (
              <li key={entry.to}>
                <SiteLink to={entry.to}>{t(entry.label)}</SiteLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav className="site-footer__nav" aria-label={t('footer.legal')}>
          <ul>
            {legalMenu.map((entry) => (
              <li key={entry.to}>
                <SiteLink to={entry.to}>{t(entry.label)}</SiteLink>
              </li>
            ))}
            <li>
              <ManageCookiesButton />
            </li>
          </ul>
        </nav>
        <div className="site-footer__newsletter">
          <NewsletterSignup variant="footer" />
        </div>
      </div>
      <p className="site-footer__copyright container">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  )
}
