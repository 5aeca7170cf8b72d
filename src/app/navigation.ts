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

export const welcome: MenuLink = { to: '/', label: 'nav.welcome' }
export const stakes: MenuLink = { to: '/les-enjeux', label: 'nav.stakes' }
export const app: MenuLink = { to: '/application', label: 'nav.app' }
export const aiGenerator: MenuLink = { to: '/ai/request', label: 'nav.aiGenerator' }
export const customers: MenuLink = { to: '/cas-clients', label: 'nav.customers' }
export const whoAreWe: MenuLink = { to: '/who-are-we', label: 'nav.whoAreWe' }
export const pricing: MenuLink = { to: '/pricing', label: 'nav.pricing' }
export const contact: MenuLink = { to: '/contact', label: 'nav.contact' }
export const connect: MenuLink = { to: '/login', label: 'nav.connect' }
export const agency: MenuLink = { to: '/agency', label: 'nav.agency' }
export const atelier: MenuLink = { to: '/atelier', label: 'nav.atelier' }
export const blog: MenuLink = { to: '/blog', label: 'nav.blog' }
export const studioServices: MenuLink[] = [
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
