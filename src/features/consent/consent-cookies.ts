import Cookies, { type CookieSetOptions } from 'universal-cookie'
import { CONSENT_COOKIE, CONSENT_LIFETIME_MS, ENABLED_COOKIE } from './consent-config'
import { CONSENT_TOKEN, parseConsent, serialiseEnabled, type ConsentDecision } from './consent-state'

// The contract fixes the raw value `necessary|matomo`: store ids as they are rather than percent-encoded.
type RawSetOptions = CookieSetOptions & { encode: (value: string) => string }

export function readStoredConsent(): ConsentDecision {
  const cookies = new Cookies()
  return parseConsent(cookies.get(CONSENT_COOKIE, { doNotParse: true }), cookies.get(ENABLED_COOKIE, { doNotParse: true }))
}

export function consentCookieOptions(now: number = Date.now()): RawSetOptions {
  return {
    path: '/',
    sameSite: 'lax',
    secure: window.location.protocol === 'https:',
    expires: new Date(now + CONSENT_LIFETIME_MS),
    encode: String,
  }
}

export function writeConsent(decision: ConsentDecision): void {
  const cookies = new Cookies()
  const options = consentCookieOptions()
  cookies.set(CONSENT_COOKIE, CONSENT_TOKEN, options)
  cookies.set(ENABLED_COOKIE, serialiseEnabled(decision.enabled), options)
}

/** `www.ludora.fr` → ['www.ludora.fr', 'ludora.fr']: third parties such as Crisp set cookies on the parent domain. */
export function cookieDomains(hostname: string): string[] {
  if (/^[\d.]+$/.test(hostname) || hostname.includes(':') || !hostname.includes('.')) return [hostname]
  const labels = hostname.split('.')
  const domains: string[] = []
  for (let index = 0; index < labels.length - 1; index++) domains.push(labels.slice(index).join('.'))
  return domains
}

/** Removes every cookie whose name matches, on this host and on each parent domain, at path `/`. */
export function removeCookies(pattern: RegExp): string[] {
  const names = document.cookie
    .split(';')
    .map((part) => part.split('=')[0]?.trim() ?? '')
    .filter((name) => name && pattern.test(name))
  const expired = 'Thu, 01 Jan 1970 00:00:00 GMT'
  for (const name of names) {
    document.cookie = `${name}=; expires=${expired}; path=/`
    for (const domain of cookieDomains(window.location.hostname)) {
      document.cookie = `${name}=; expires=${expired}; path=/; domain=${domain}`
      document.cookie = `${name}=; expires=${expired}; path=/; domain=.${domain}`
    }
  }
  return names
}
