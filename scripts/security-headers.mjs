// The Content-Security-Policy and security headers: a <meta> in every page, and `_headers` for Netlify / Cloudflare Pages.

function originOf(url) {
  try {
    return new URL(url).origin
  } catch {
    return ''
  }
}

/** Strict policy: scripts only from this origin (and the consented third parties configured), no inline script, no eval. */
export function buildCspDirectives(settings) {
  const matomo = settings.matomoUrl ? originOf(settings.matomoUrl) : ''
  const crisp = settings.crispId ? ['https://client.crisp.chat', 'https://image.crisp.chat', 'wss://client.relay.crisp.chat'] : []
  const api = /^https?:/.test(settings.apiUrl) ? originOf(settings.apiUrl) : ''
  const list = (...values) => values.flat().filter(Boolean).join(' ')
  return {
    'default-src': "'self'",
    'script-src': list("'self'", matomo, settings.crispId ? 'https://client.crisp.chat' : ''),
    'style-src': list("'self'", settings.crispId ? 'https://client.crisp.chat' : ''),
    'img-src': list("'self'", 'data:', matomo, settings.crispId ? ['https://client.crisp.chat', 'https://image.crisp.chat'] : []),
    'font-src': list("'self'", settings.crispId ? 'https://client.crisp.chat' : ''),
    'connect-src': list("'self'", api, matomo, crisp),
    'media-src': "'self'",
    'frame-src': list('https://www.youtube-nocookie.com', settings.crispId ? 'https://game.crisp.chat' : ''),
    'object-src': "'none'",
    'base-uri': "'self'",
    // The generator's "recover into my account" posts the experience to the application.
    'form-action': list("'self'", originOf(settings.appUrl)),
    'manifest-src': "'self'",
  }
}

export function serialiseCsp(directives) {
  return Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ')
}

/** For the <meta> tag: browsers ignore frame-ancestors there, so it only goes in the headers. */
export function metaCsp(settings) {
  return serialiseCsp(buildCspDirectives(settings))
}

export function securityHeaders(settings) {
  return {
    'Content-Security-Policy': serialiseCsp({ ...buildCspDirectives(settings), 'frame-ancestors': "'none'" }),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
  }
}

/** Files every page loads or links, besides the pages themselves: the site's policy goes on them too. */
const SITE_FILES = ['/index.html', '/404.html', '/_app/*', '/images/*', '/favicon.svg']

/**
 * `_headers` as Netlify and Cloudflare Pages read it. `paths`: every page and redirect page of the build;
 * `extra`: further rules by path pattern (the /admin/ editor's own policy). The site's policy is given to
 * the site's paths by name rather than to `/*`: Cloudflare Pages joins the values of a header that two
 * matching rules set, and two policies both apply, so the editor could not have a policy of its own.
 * Any other path answers the not-found page, which carries the site's policy in its <meta>.
 */
export function renderHeadersFile(settings, { paths = ['/'], extra = {} } = {}) {
  const { 'Content-Security-Policy': policy, ...shared } = securityHeaders(settings)
  const block = (pattern, headers) => [pattern, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`), '']
  const sitePatterns = [...new Set([...paths.flatMap((page) => (page === '/' ? ['/'] : [page, `${page}/*`])), ...SITE_FILES])]
  return [
    ...block('/*', shared),
    ...sitePatterns.flatMap((pattern) => block(pattern, { 'Content-Security-Policy': policy })),
    ...Object.entries(extra).flatMap(([pattern, headers]) => block(pattern, headers)),
    ...block('/_app/assets/*', { 'Cache-Control': 'public, max-age=31536000, immutable' }),
    ...block('/_app/builds/*', { 'Cache-Control': 'no-cache' }),
    ...block('/*.html', { 'Cache-Control': 'no-cache' }),
    ...block('/*/_payload.json', { 'Cache-Control': 'no-cache' }),
  ].join('\n')
}
