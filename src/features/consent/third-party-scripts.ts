import type { Conversion, ConversionGoalKey } from '#src/lib/conversions'
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

/** A conversion as a Matomo event and, where SITE_MATOMO_GOALS maps it to a goal, as that goal too. */
function countConversion({ category, action, name }: Conversion): void {
  if (!matomoActive) return
  const paq = (thirdParty()._paq ??= [])
  paq.push(['trackEvent', category, action, name])
  const goal = siteConfig.matomoGoals?.[`${category}-${action}` as ConversionGoalKey]
  if (goal) paq.push(['trackGoal', goal])
}

const onConversion = (event: CustomEvent<Conversion>) => countConversion(event.detail)

/**
 * Every click on a link into the application (SITE_APP_URL: "Créer un jeu gratuit", a plan, the demo's
 * "Créer ma roue", a link in Markdown) is a sign-up click, named by the link's words: caught here, like
 * Matomo's own link tracking, so a link added to content/ is counted without code. The listener captures,
 * so nothing that stops a click on its way can hide it.
 */
function onClick(event: MouseEvent): void {
  const link = event.target instanceof Element ? event.target.closest('a') : null
  if (link?.href.startsWith(`${siteConfig.appUrl}/`)) countConversion({ category: 'app', action: 'signup-click', name: link.textContent?.trim() })
}

/**
 * Loads Matomo once statistics are allowed, counts the page being shown and, from now on, the conversions
 * the pages announce (src/lib/conversions.ts). Listeners are added once per page load (adding the same one
 * again does nothing) and count only while statistics are allowed.
 */
export function startMatomo(): void {
  if (!isMatomoConfigured() || matomoActive) return
  matomoActive = true
  const paq = (thirdParty()._paq ??= [])
  paq.push(['setTrackerUrl', `${matomoBase()}matomo.php`], ['setSiteId', siteConfig.matomoId])
  paq.push(['setCustomUrl', window.location.href], ['setDocumentTitle', document.title], ['trackPageView'], ['enableLinkTracking'])
  injectScript(`${matomoBase()}matomo.js`)
  document.addEventListener('ludora:conversion', onConversion)
  document.addEventListener('click', onClick, true)
}

/** A page view for a client navigation, only while statistics are allowed. */
export function trackMatomoPageView(url: string, title: string, referrer: string | undefined): void {
  if (!matomoActive) return
  const paq = (thirdParty()._paq ??= [])
  if (referrer) paq.push(['setReferrerUrl', referrer])
  paq.push(['setCustomUrl', url], ['setDocumentTitle', title], ['trackPageView'], ['enableLinkTracking'])
}

/**
 * Withdrawal: our page views and conversions stop at once, and Matomo itself holds any other request (link
 * tracking) behind a consent it will never get, and stops writing cookies.
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
