import type { MessageKey } from '#src/i18n/fr'

export interface MenuLink {
  to: string
  label: MessageKey
}

/**
 * Entries grouped behind a disclosure button. `head` is a page of its own shown as a link beside the
 * button (the studio's home beside its services).
 */
export interface MenuGroup {
  id: string
  label: MessageKey
  head?: MenuLink
  links: MenuLink[]
}

export type MenuItem = MenuLink | MenuGroup

export function isMenuGroup(item: MenuItem): item is MenuGroup {
  return 'links' in item
}

const welcome: MenuLink = { to: '/', label: 'nav.welcome' }
const stakes: MenuLink = { to: '/les-enjeux', label: 'nav.stakes' }
const app: MenuLink = { to: '/application', label: 'nav.app' }
const aiGenerator: MenuLink = { to: '/ai/request', label: 'nav.aiGenerator' }
const customers: MenuLink = { to: '/cas-clients', label: 'nav.customers' }
const whoAreWe: MenuLink = { to: '/who-are-we', label: 'nav.whoAreWe' }
const pricing: MenuLink = { to: '/pricing', label: 'nav.pricing' }
const contact: MenuLink = { to: '/contact', label: 'nav.contact' }
const connect: MenuLink = { to: '/login', label: 'nav.connect' }
const agency: MenuLink = { to: '/agency', label: 'nav.agency' }
const atelier: MenuLink = { to: '/atelier', label: 'nav.atelier' }
const blog: MenuLink = { to: '/blog', label: 'nav.blog' }
const studioServices: MenuLink[] = [
  { to: '/acquisition', label: 'nav.acquisition' },
  { to: '/advice', label: 'nav.advice' },
  { to: '/branding', label: 'nav.branding' },
  { to: '/performance', label: 'nav.performance' },
  { to: '/web-to-shop', label: 'nav.webToShop' },
]

/**
 * The header menu. Read in order, it lists the seed's entries in the seed's order (welcome, stakes, app,
 * pricing, contact, connect, agency, atelier, blog) with the other pages of each half of the site grouped
 * beside them, so the whole row fits from 1024 px (docs/decisions/022-header-dropdowns.md). `/login` and
 * `/blog` leave the site through route rules.
 */
export const mainMenu: MenuItem[] = [
  welcome,
  { id: 'platform', label: 'nav.platform', links: [stakes, app, aiGenerator, customers, whoAreWe] },
  pricing,
  contact,
  connect,
  { id: 'studio', label: 'nav.studioServices', head: agency, links: [...studioServices, atelier] },
  blog,
]

export const legalMenu: MenuLink[] = [
  { to: '/cgu', label: 'footer.terms' },
  { to: '/confidentialite', label: 'footer.privacy' },
  { to: '/cookies', label: 'footer.cookies' },
  { to: '/mentions-legales', label: 'footer.legalNotice' },
]

export interface FooterColumn {
  title: MessageKey
  links: MenuLink[]
}

/** The footer's site map: every page, under the half of the site it belongs to. */
export const footerColumns: FooterColumn[] = [
  { title: 'footer.platform', links: [welcome, stakes, app, pricing, aiGenerator, customers] },
  { title: 'footer.studio', links: [agency, ...studioServices, atelier] },
  { title: 'footer.company', links: [whoAreWe, contact, connect, blog] },
]
