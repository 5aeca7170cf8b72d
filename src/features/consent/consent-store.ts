import { useSyncExternalStore } from 'react'
import { t } from '#src/lib/i18n'
import { GROUP_COOKIE_PATTERNS, OPTIONAL_GROUP_IDS, type OptionalGroupId } from './consent-config'
import { readStoredConsent, removeCookies, writeConsent } from './consent-cookies'
import { UNDECIDED, withdrawnGroups, type ConsentDecision } from './consent-state'

type ConsentSettingsModule = typeof import('./consent-settings')
type ThirdPartyScripts = typeof import('./third-party-scripts')

// The loaders of Matomo and Crisp come with the first consent that allows one of them: a first visit, and
// a visitor who refused, never fetch them.
let thirdPartyScripts: Promise<ThirdPartyScripts> | undefined
let loadedThirdPartyScripts: ThirdPartyScripts | undefined

/** Runs `action` with the loaders, in the order decisions were made. */
function withThirdPartyScripts(action: (scripts: ThirdPartyScripts) => void): void {
  thirdPartyScripts ??= import('./third-party-scripts').then(
    (scripts) => (loadedThirdPartyScripts = scripts),
    (error: unknown) => {
      // Offline or a replaced build: the next decision, or the next page, tries again.
      thirdPartyScripts = undefined
      throw error
    },
  )
  thirdPartyScripts.then(action, () => {})
}

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
  if (!enabled.has('matomo') && !enabled.has('crisp')) return
  withThirdPartyScripts((scripts) => {
    if (enabled.has('matomo')) scripts.startMatomo()
    if (enabled.has('crisp')) scripts.startCrisp()
  })
}

/** A Matomo page view for a client navigation; Matomo runs only once its loader is here. */
export function trackPageView(url: string, title: string, referrer: string | undefined): void {
  loadedThirdPartyScripts?.trackMatomoPageView(url, title, referrer)
}

/** Boot: reads the stored decision and loads the allowed third parties, also on later visits. */
export function initConsent(): void {
  if (state.ready) return
  const stored = readStoredConsent()
  setState({ ...stored, ready: true })
  if (stored.decided) startAllowed(stored.enabled)
}

export const CONSENT_ANNOUNCER_ID = 'consent-announcer'

/** Says a consent change once, through the polite live region ConsentRoot keeps in the page. */
function announce(message: string): void {
  const region = document.getElementById(CONSENT_ANNOUNCER_ID)
  if (!region) return
  region.textContent = ''
  // Emptied now, filled on the next frame: the same message twice in a row is still announced twice.
  requestAnimationFrame(() => {
    region.textContent = message
  })
}

function describeDecision(enabled: ReadonlySet<OptionalGroupId>): string {
  const choices = OPTIONAL_GROUP_IDS.map((id) => t(`consent.announce.${id}.${enabled.has(id) ? 'on' : 'off'}`))
  return t('consent.announce.saved', { choices: choices.join(', ') })
}

interface FocusReturn {
  /** The button that opened the settings. */
  opener: HTMLElement | null
  /** Where focus goes if a choice removed the opener: for an embed, its player. */
  fallback?: () => HTMLElement | null
}

let focusReturn: FocusReturn = { opener: null }

/**
 * Called once the banner or the dialog has left the page: if focus left with it, it goes back to the
 * opener, else to what replaced it, else to the main landmark (docs/decisions/026-consent-keyboard.md).
 */
export function restoreConsentFocus(): void {
  const { opener, fallback } = focusReturn
  focusReturn = { opener: null }
  const active = document.activeElement
  if (active instanceof HTMLElement && active !== document.body) return
  const target = [opener, fallback?.()].find((element) => element?.isConnected && !element.closest('[inert]'))
  if (target) target.focus()
  else document.getElementById('main')?.focus({ preventScroll: true })
}

export interface DecideEnvironment {
  reload: () => void
}

/** Records a decision (Accept all, Decline all or Save), applies it, and cleans up what was withdrawn. */
export function decide(decision: ConsentDecision, env: DecideEnvironment = { reload: () => window.location.reload() }): void {
  const withdrawn = state.decided ? withdrawnGroups(state.enabled, decision.enabled) : []
  writeConsent(decision)
  setState({ decided: true, enabled: decision.enabled, settingsOpen: false })
  // Matomo only ever started through the loaders: without them there is nothing to stop.
  if (withdrawn.includes('matomo') && thirdPartyScripts) withThirdPartyScripts((scripts) => scripts.stopMatomo())
  for (const group of withdrawn) removeCookies(GROUP_COOKIE_PATTERNS[group])
  startAllowed(decision.enabled)
  announce(describeDecision(decision.enabled))
  // Crisp cannot be unloaded from a live page: a reload is the only way to stop it.
  if (withdrawn.includes('crisp')) env.reload()
}

/** Opens the settings; focus comes back to the button that had it, or to `fallback` if a choice removed it. */
export function openConsentSettings(fallback?: () => HTMLElement | null): void {
  const active = document.activeElement
  focusReturn = { opener: active instanceof HTMLElement && active !== document.body ? active : null, fallback }
  setState({ settingsOpen: true })
}

export function closeConsentSettings(): void {
  setState({ settingsOpen: false })
  announce(t('consent.announce.unchanged'))
}

/** Close on the banner: hidden for this visit, nothing stored, optional groups stay off. */
export function dismissBanner(): void {
  setState({ bannerDismissed: true })
  announce(t('consent.announce.dismissed'))
}

/** For tests: back to a fresh page load. */
export function resetConsentStore(): void {
  state = { ...UNDECIDED, ready: false, bannerDismissed: false, settingsOpen: false }
  focusReturn = { opener: null }
  loadedThirdPartyScripts?.resetThirdPartyScripts()
}

let settingsLoading: Promise<ConsentSettingsModule> | undefined

/** The settings dialog is its own chunk: nobody needs it at first paint (docs/decisions/026-consent-keyboard.md). */
export function loadConsentSettings(): Promise<ConsentSettingsModule> {
  settingsLoading ??= import('./consent-settings').catch((error: unknown) => {
    // The next intent or click tries again.
    settingsLoading = undefined
    throw error
  })
  return settingsLoading
}

function preloadSettings(): void {
  // A failed preload is retried when the dialog is actually opened.
  loadConsentSettings().catch(() => undefined)
}

/** Spread on every button that opens the dialog: the chunk starts loading on intent, before the click. */
export const preloadConsentSettings = { onPointerDown: preloadSettings, onFocus: preloadSettings, onMouseEnter: preloadSettings }
