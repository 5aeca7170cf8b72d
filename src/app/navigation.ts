import type { MessageKey } from '#src/i18n/fr'

export interface MenuEntry {
  to: string
  label: MessageKey
}

/** The header menu, in the seed's order. `/login` and `/blog` leave the site through route rules. */
export const mainMenu: MenuEntry[] = [
  { to: '/', label: 'nav.welcome' },
  { to: '/les-enjeux', label: 'nav.stakes' },
  { to: '/application', label: 'nav.app' },
  { to: '/pricing', label: 'nav.pricing' },
  { to: '/contact', label: 'nav.contact' },
  { to: '/login', label: 'nav.connect' },
  { to: '/agency', label: 'nav.agency' },
  { to: '/atelier', label: 'nav.atelier' },
  { to: '/blog', label: 'nav.blog' },
]

export const legalMenu: MenuEntry[] = [
  { to: '/cgu', label: 'footer.terms' },
  { to: '/confidentialite', label: 'footer.privacy' },
  { to: '/cookies', label: 'footer.cookies' },
  { to: '/mentions-legales', label: 'footer.legalNotice' },
]
