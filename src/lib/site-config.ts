import type { ConversionGoalKey } from './conversions'

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
  /**
   * Matomo goal id of each conversion, from `SITE_MATOMO_GOALS` (goal key → id). A configuration without
   * it (such as the unit tests') counts events only.
   */
  matomoGoals?: Readonly<Partial<Record<ConversionGoalKey, number>>>
  crispId: string
  /** Watch mode: payloads are fetched with a timestamp instead of the build id. */
  dev: boolean
}

export const siteConfig: SiteConfig = __SITE_CONFIG__
