import site from '../../content/site.json'

/** Layout copy (taglines, social links), bundled at build time from content/site.json. */
export interface SiteContent {
  tagline: string
  studioTagline: string
  social: { label: string; href: string }[]
}

export const siteContent: SiteContent = site
