/** Settings fixed at build time from the environment (see README, "Réglages de build"). */
export interface SiteConfig {
  /** Canonical origin, without trailing slash. */
  siteUrl: string
  apiUrl: string
  contactEmail: string
  appUrl: string
  blogUrl: string
  matomoUrl: string
  matomoId: string
  crispId: string
  buildId: string
  buildTimestamp: number
  /** Watch mode: payloads are fetched with a timestamp instead of the build id. */
  dev: boolean
}

export const siteConfig: SiteConfig = __SITE_CONFIG__
