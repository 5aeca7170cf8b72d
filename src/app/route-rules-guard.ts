import { redirect, type ParsedLocation } from '@tanstack/react-router'
import { getRouteRules } from '#src/lib/app-manifest'
import { t } from '#src/lib/i18n'
import { isExternalTarget, redirectTarget } from '#src/lib/route-rules'
import { SiteError } from '#src/lib/site-error'

/** Named route middleware a rule may ask for. None exists yet; naming one that is not here is an error. */
const routeMiddleware: Record<string, (location: ParsedLocation) => void> = {}

interface GuardContext {
  location: ParsedLocation
  preload: boolean
  prerender: boolean
}

/** Applies the build manifest's route rules before any route loads, on client navigations and on a direct load. */
export async function applyRouteRules({ location, preload, prerender }: GuardContext): Promise<void> {
  if (prerender || preload) return
  const rules = await getRouteRules(location.pathname)
  for (const [name, enabled] of Object.entries(rules.appMiddleware ?? {})) {
    if (!enabled) continue
    const middleware = routeMiddleware[name]
    if (!middleware) throw new SiteError({ statusCode: 500, message: t('errors.unknownMiddleware', { name }) })
    middleware(location)
  }
  if (!rules.redirect) return
  const target = redirectTarget(rules.redirect, { search: location.searchStr, hash: location.hash })
  if (isExternalTarget(target)) {
    window.location.assign(target)
    // The document is being replaced: keep the router waiting instead of rendering a 404 meanwhile.
    await new Promise<never>(() => {})
  }
  throw redirect({ href: target, replace: true })
}
