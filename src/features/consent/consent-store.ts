import { useSyncExternalStore } from 'react'
import { GROUP_COOKIE_PATTERNS, type OptionalGroupId } from './consent-config'
import { readStoredConsent, removeCookies, writeConsent } from './consent-cookies'
import { UNDECIDED, withdrawnGroups, type ConsentDecision } from './consent-state'
import { resetThirdPartyScripts, startCrisp, startMatomo, stopMatomo } from './third-party-scripts'

export interface ConsentState extends ConsentDecision {
  /** Read from the cookies once mounted in the browser; false while prerendering. */
  ready: boolean
  bannerDismissed: boolean
  settingsOpen: boolean
}

let state: ConsentState = { ...UNDECIDED, ready: false, bannerDismissed: false, settingsOpen: false }
const listeners = new Set<() => void>()

function setState(next: Partial<ConsentState>): void {
  state = { ...state, ...next }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const SERVER_STATE = state

export function useConsent(): ConsentState {
  return useSyncExternalStore(subscribe, () => state, () => SERVER_STATE)
}

export function getConsent(): ConsentState {
  return state
}

/** Starts what the visitor allowed; on this page load only, never twice. */
function startAllowed(enabled: ReadonlySet<OptionalGroupId>): void {
  if (enabled.has('matomo')) startMatomo()
  if (enabled.has('crisp')) startCrisp()
}

/** Boot: reads the stored decision and loads the allowed third parties, also on later visits. */
export function initConsent(): void {
  if (state.ready) return
  const stored = readStoredConsent()
  setState({ ...stored, ready: true })
  if (stored.decided) startAllowed(stored.enabled)
}

export interface DecideEnvironment {
  reload: () => void
}

/** Records a decision (Accept all, Decline all or Save), applies it, and cleans up what was withdrawn. */
export function decide(decision: ConsentDecision, env: DecideEnvironment = { reload: () => window.location.reload() }): void {
  const withdrawn = state.decided ? withdrawnGroups(state.enabled, decision.enabled) : []
  writeConsent(decision)
  setState({ decided: true, enabled: decision.enabled, settingsOpen: false })
  if (withdrawn.includes('matomo')) stopMatomo()
  for (const group of withdrawn) removeCookies(GROUP_COOKIE_PATTERNS[group])
  startAllowed(decision.enabled)
  // Crisp cannot be unloaded from a live page: a reload is the only way to stop it.
  if (withdrawn.includes('crisp')) env.reload()
}

export const openConsentSettings = (): void => setState({ settingsOpen: true })
export const closeConsentSettings = (): void => setState({ settingsOpen: false })
/** Close on the banner: hidden for this visit, nothing stored, optional groups stay off. */
export const dismissBanner = (): void => setState({ bannerDismissed: true })

/** For tests: back to a fresh page load. */
export function resetConsentStore(): void {
  state = { ...UNDECIDED, ready: false, bannerDismissed: false, settingsOpen: false }
  resetThirdPartyScripts()
}
