import { CONSENT_GROUP_IDS, ENABLED_SEPARATOR, OPTIONAL_GROUP_IDS, type ConsentGroupId, type OptionalGroupId } from './consent-config'

/** Consent counts as given only when `ncc_c` equals every group id concatenated, in order. */
export const CONSENT_TOKEN = CONSENT_GROUP_IDS.join('')

export interface ConsentDecision {
  decided: boolean
  /** Optional groups the visitor allowed; empty until a valid decision exists. */
  enabled: ReadonlySet<OptionalGroupId>
}

export const UNDECIDED: ConsentDecision = { decided: false, enabled: new Set() }

function isGroupId(value: string): value is ConsentGroupId {
  return (CONSENT_GROUP_IDS as readonly string[]).includes(value)
}

/**
 * Reads the two consent cookies. Anything broken or hand-edited (wrong token, unknown or repeated ids,
 * necessary missing) counts as "not decided": never as consent.
 */
export function parseConsent(consentCookie: unknown, enabledCookie: unknown): ConsentDecision {
  if (consentCookie !== CONSENT_TOKEN || typeof enabledCookie !== 'string') return UNDECIDED
  const ids = enabledCookie.split(ENABLED_SEPARATOR)
  if (new Set(ids).size !== ids.length || !ids.every(isGroupId) || !ids.includes('necessary')) return UNDECIDED
  return { decided: true, enabled: new Set(ids.filter((id): id is OptionalGroupId => id !== 'necessary')) }
}

export function serialiseEnabled(enabled: ReadonlySet<OptionalGroupId>): string {
  return CONSENT_GROUP_IDS.filter((id) => id === 'necessary' || enabled.has(id)).join(ENABLED_SEPARATOR)
}

export const acceptAll = (): ConsentDecision => ({ decided: true, enabled: new Set(OPTIONAL_GROUP_IDS) })
export const declineAll = (): ConsentDecision => ({ decided: true, enabled: new Set() })
export const saveSelection = (selection: ReadonlySet<OptionalGroupId>): ConsentDecision => ({ decided: true, enabled: new Set(selection) })

export function sameSelection(a: ReadonlySet<OptionalGroupId>, b: ReadonlySet<OptionalGroupId>): boolean {
  return a.size === b.size && [...a].every((id) => b.has(id))
}

/** Groups on before and off now: their cookies must go and their scripts stop. */
export function withdrawnGroups(previous: ReadonlySet<OptionalGroupId>, next: ReadonlySet<OptionalGroupId>): OptionalGroupId[] {
  return OPTIONAL_GROUP_IDS.filter((id) => previous.has(id) && !next.has(id))
}
