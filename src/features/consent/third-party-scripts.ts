import { siteConfig } from '#src/lib/site-config'

type MatomoCommand = [string, ...unknown[]]

interface ThirdPartyWindow {
  _paq?: MatomoCommand[]
  $crisp?: unknown[]
  CRISP_WEBSITE_ID?: string
}

const thirdParty = (): ThirdPartyWindow => window as unknown as ThirdPartyWindow
const injected = new Set<string>()
let matomoActive = false

/** One `<script>` per source and page load, however often consent is confirmed. */
function injectScript(src: string): void {
  if (injected.has(src) || document.querySelector(`script[src="${CSS.escape(src)}"]`)) return
  injected.add(src)
  const script = document.createElement('script')
  script.src = src
  script.async = true
  document.head.append(script)
}

function matomoBase(): string {
  return siteConfig.matomoUrl.endsWith('/') ? siteConfig.matomoUrl : `${siteConfig.matomoUrl}/`
}

export function isMatomoConfigured(): boolean {
  return Boolean(siteConfig.matomoUrl && siteConfig.matomoId)
}

/** Loads Matomo once statistics are allowed, and counts the page being shown. */
export function startMatomo(): void {
  if (!isMatomoConfigured() || matomoActive) return
  matomoActive = true
  const paq = (thirdParty()._paq ??= [])
  paq.push(['setTrackerUrl', `${matomoBase()}matomo.php`], ['setSiteId', siteConfig.matomoId])
  paq.push(['setCustomUrl', window.location.href], ['setDocumentTitle', document.title], ['trackPageView'], ['enableLinkTracking'])
  injectScript(`${matomoBase()}matomo.js`)
}

/** A page view for a client navigation, only while statistics are allowed. */
export function trackMatomoPageView(url: string, title: string, referrer: string | undefined): void {
  if (!matomoActive) return
  const paq = (thirdParty()._paq ??= [])
  if (referrer) paq.push(['setReferrerUrl', referrer])
  paq.push(['setCustomUrl', url], ['setDocumentTitle', title], ['trackPageView'], ['enableLinkTracking'])
}

/**
 * Withdrawal: our page views stop, and Matomo itself holds any other request (link tracking) behind a
 * consent it will never get, and stops writing cookies.
 */
export function stopMatomo(): void {
  if (!matomoActive) return
  matomoActive = false
  thirdParty()._paq?.push(['requireConsent'], ['disableCookies'])
}

export function isCrispConfigured(): boolean {
  return Boolean(siteConfig.crispId)
}

export function startCrisp(): void {
  if (!isCrispConfigured()) return
  const target = thirdParty()
  target.$crisp ??= []
  target.CRISP_WEBSITE_ID = siteConfig.crispId
  injectScript('https://client.crisp.chat/l.js')
}

/** For tests: forget what this "page load" injected. */
export function resetThirdPartyScripts(): void {
  injected.clear()
  matomoActive = false
}
