import { CONSENT_COOKIE, CONSENT_LIFETIME_MS, ENABLED_COOKIE } from './consent-config'
import { CONSENT_TOKEN, parseConsent, serialiseEnabled, type ConsentDecision } from './consent-state'

export interface ConsentCookieOptions {
  path: string
  sameSite: 'lax'
  secure: boolean
  expires: Date
}

/** A cookie's value as the browser sends it, percent-decoding undone when there is any. */
function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const separator = part.indexOf('=')
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue
    const value = part.slice(separator + 1).trim()
    try {
      return decodeURIComponent(value)
    } catch {
      return value
    }
  }
  return undefined
}

// The contract fixes the raw value `necessary|matomo`: ids are stored as they are, not percent-encoded
// (none of their characters needs it in a cookie).
function writeCookie(name: string, value: string, { path, expires, secure }: ConsentCookieOptions): void {
  document.cookie = `${name}=${value}; path=${path}; expires=${expires.toUTCString()}; SameSite=Lax${secure ? '; Secure' : ''}`
}

export function readStoredConsent(): ConsentDecision {
  return parseConsent(readCookie(CONSENT_COOKIE), readCookie(ENABLED_COOKIE))
}

export function consentCookieOptions(now: number = Date.now()): ConsentCookieOptions {
  return {
    path: '/',
    sameSite: 'lax',
    secure: window.location.protocol === 'https:',
    expires: new Date(now + CONSENT_LIFETIME_MS),
  }
}

export function writeConsent(decision: ConsentDecision): void {
  const options = consentCookieOptions()
  writeCookie(CONSENT_COOKIE, CONSENT_TOKEN, options)
  writeCookie(ENABLED_COOKIE, serialiseEnabled(decision.enabled), options)
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
