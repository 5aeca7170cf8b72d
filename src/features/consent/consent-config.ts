/** The cookie groups, in the order their ids are concatenated into `ncc_c` (contract, "Cookie consent"). */
export const CONSENT_GROUP_IDS = ['necessary', 'matomo', 'crisp', 'functional'] as const
export type ConsentGroupId = (typeof CONSENT_GROUP_IDS)[number]
export type OptionalGroupId = Exclude<ConsentGroupId, 'necessary'>
export const OPTIONAL_GROUP_IDS: readonly OptionalGroupId[] = ['matomo', 'crisp', 'functional']

export const CONSENT_COOKIE = 'ncc_c'
export const ENABLED_COOKIE = 'ncc_e'
export const ENABLED_SEPARATOR = '|'
/** Seed constant: 365 days. */
export const CONSENT_LIFETIME_MS = 31_536_000_000

export interface ConsentOptions {
  /** The floating button that reopens the settings: present, but disabled in the configuration (seed). */
  controlButton: boolean
}

export const consentOptions: ConsentOptions = { controlButton: false }

/** Cookie names each group sets, shown in the settings and removed when the group is turned off. */
export const GROUP_COOKIES: Record<ConsentGroupId, string[]> = {
  necessary: [CONSENT_COOKIE, ENABLED_COOKIE],
  matomo: ['_pk_id.*', '_pk_ses.*', '_pk_ref.*', '_pk_cvar.*', '_pk_hsr.*', 'mtm_consent', 'mtm_consent_removed'],
  crisp: ['crisp-client/*'],
  functional: [],
}

/** Cookies a group leaves behind, matched by name, so withdrawal can remove every one of them. */
export const GROUP_COOKIE_PATTERNS: Record<OptionalGroupId, RegExp> = {
  matomo: /^(_pk_|mtm_)/,
  crisp: /^crisp-client(\/|%2F)/i,
  functional: /^$/,
}
