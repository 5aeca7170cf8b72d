import type { MessageKey } from '#src/i18n/fr'
import { agency, aiGenerator, app, atelier, blog, connect, contact, customers, pricing, stakes, studioServices, welcome, whoAreWe } from '../navigation'
import type { FooterMessageKey } from './footer-i18n'

export interface FooterLink {
  to: string
  label: FooterMessageKey | MessageKey
}

export const legalMenu: FooterLink[] = [
  { to: '/cgu', label: 'footer.terms' },
  { to: '/confidentialite', label: 'footer.privacy' },
  { to: '/cookies', label: 'footer.cookies' },
  { to: '/mentions-legales', label: 'footer.legalNotice' },
]

export interface FooterColumn {
  title: FooterMessageKey
  links: FooterLink[]
}

/** The footer's site map: every page, under the half of the site it belongs to. */
export const footerColumns: FooterColumn[] = [
  { title: 'footer.platform', links: [welcome, stakes, app, pricing, aiGenerator, customers] },
  { title: 'footer.studio', links: [agency, ...studioServices, atelier] },
  { title: 'footer.company', links: [whoAreWe, contact, connect, blog] },
]
