import { ManageCookiesButton } from '#src/features/consent/manage-cookies-button'
import { NewsletterSignup } from '#src/features/newsletter/newsletter-signup'
import { BrandLogo } from '#src/components/ui/brand-logo'
import { SiteLink } from '#src/components/ui/site-link'
import { t } from './footer-i18n'
import { footerColumns, legalMenu } from './footer-links'
import { siteContent } from '../site-content'
import './site-footer.css'

interface SiteFooterProps {
  variant: 'site' | 'agency'
}

/** Brand and newsletter, then every page of the site under the half it belongs to, then the legal pages. */
export function SiteFooter({ variant }: SiteFooterProps) {
  return (
    <footer className="site-footer" aria-label={t('footer.label')}>
      <div className="site-footer__top container">
        <div className="site-footer__brand">
          <BrandLogo studio={variant === 'agency'} />
          <p>{variant === 'agency' ? siteContent.studioTagline : siteContent.tagline}</p>
          <ul className="site-footer__social" aria-label={t('footer.social')}>
            {siteContent.social.map((link) => (
              <li key={link.href}>
                <a href={link.href} rel="noopener noreferrer">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div className="site-footer__newsletter">
          <NewsletterSignup variant="footer" />
        </div>
      </div>
      <nav className="site-footer__columns container" aria-label={t('footer.sitemap')}>
        {footerColumns.map((column) => (
          <div key={column.title} className="site-footer__column">
            <h2 className="site-footer__heading">{t(column.title)}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.to}>
                  <SiteLink to={link.to}>{t(link.label)}</SiteLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <div className="site-footer__column">
          <h2 className="site-footer__heading">{t('footer.legal')}</h2>
          <ul>
            {legalMenu.map((link) => (
              <li key={link.to}>
                <SiteLink to={link.to}>{t(link.label)}</SiteLink>
              </li>
            ))}
            <li>
              <ManageCookiesButton />
            </li>
          </ul>
        </div>
      </nav>
      <p className="site-footer__copyright container">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  )
}
