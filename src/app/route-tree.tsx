import { createRootRouteWithContext, createRoute, Outlet, type ParsedLocation } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { loadDeferredModules } from '#src/lib/deferred-module'
import { payloadQuery } from '#src/lib/payload'
import { warmPageImages } from '#src/lib/warm-page-images'
import { NotFoundView, RouteErrorView } from './error-view'
import { SiteChrome } from './layouts/site-chrome'
import { RootView } from './root-view'
import { applyRouteRules } from './route-rules-guard'

export interface RouterContext {
  queryClient: QueryClient
  prerender: boolean
}

/** Every page's data is its prerendered payload, fetched once through React Query. */
function payloadLoader(path: string) {
  return async ({ context, location, preload }: { context: RouterContext; location: ParsedLocation; preload: boolean }) => {
    const payload = await context.queryClient.ensureQueryData(payloadQuery(path, location.href))
    if (preload) warmPageImages(payload.page)
    return payload
  }
}

/**
 * A page's chunk, with the code its below-the-fold parts load apart on a first visit (those the chunk
 * declares included): a page rendered in the browser arrives whole.
 */
async function pageWithDeferredCode<T>(page: Promise<{ Route: T }>): Promise<T> {
  const [{ Route }] = await Promise.all([page, loadDeferredModules()])
  await loadDeferredModules()
  return Route
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ location, preload, context }) => applyRouteRules({ location, preload, prerender: context.prerender }),
  component: RootView,
  notFoundComponent: () => (
    <SiteChrome variant="site">
      <NotFoundView />
    </SiteChrome>
  ),
  errorComponent: (props) => (
    <SiteChrome variant="site">
      <RouteErrorView {...props} />
    </SiteChrome>
  ),
})

// The two layouts: the platform (self-service) and the studio (accompanied).
const siteLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: '_site',
  component: () => (
    <SiteChrome variant="site">
      <Outlet />
    </SiteChrome>
  ),
})

const agencyLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: '_agency',
  component: () => (
    <SiteChrome variant="agency">
      <Outlet />
    </SiteChrome>
  ),
})

// The platform: home, stakes, product tour, pricing, customers, company, contact, AI generator, legal pages.
const homeRoute = createRoute({ getParentRoute: () => siteLayout, path: '/', loader: payloadLoader('/') }).lazy(() =>
  pageWithDeferredCode(import('#src/routes/home.lazy')),
)
const stakesRoute = createRoute({ getParentRoute: () => siteLayout, path: '/les-enjeux', loader: payloadLoader('/les-enjeux') }).lazy(() =>
  pageWithDeferredCode(import('#src/routes/stakes.lazy')),
)
const applicationRoute = createRoute({ getParentRoute: () => siteLayout, path: '/application', loader: payloadLoader('/application') }).lazy(() =>
  pageWithDeferredCode(import('#src/routes/application.lazy')),
)
const pricingRoute = createRoute({ getParentRoute: () => siteLayout, path: '/pricing', loader: payloadLoader('/pricing') }).lazy(() =>
  pageWithDeferredCode(import('#src/routes/pricing.lazy')),
)
const customersRoute = createRoute({ getParentRoute: () => siteLayout, path: '/cas-clients', loader: payloadLoader('/cas-clients') }).lazy(() =>
  pageWithDeferredCode(import('#src/routes/customers.lazy')),
)
const whoAreWeRoute = createRoute({ getParentRoute: () => siteLayout, path: '/who-are-we', loader: payloadLoader('/who-are-we') }).lazy(() =>
  pageWithDeferredCode(import('#src/routes/who-are-we.lazy')),
)
const contactRoute = createRoute({ getParentRoute: () => siteLayout, path: '/contact', loader: payloadLoader('/contact') }).lazy(() =>
  pageWithDeferredCode(import('#src/routes/contact.lazy')),
)
const aiRequestRoute = createRoute({ getParentRoute: () => siteLayout, path: '/ai/request', loader: payloadLoader('/ai/request') }).lazy(() =>
  pageWithDeferredCode(import('#src/routes/ai-request.lazy')),
)
const termsRoute = createRoute({ getParentRoute: () => siteLayout, path: '/cgu', loader: payloadLoader('/cgu') }).lazy(() =>
  pageWithDeferredCode(import('#src/routes/terms.lazy')),
)
const privacyRoute = createRoute({ getParentRoute: () => siteLayout, path: '/confidentialite', loader: payloadLoader('/confidentialite') }).lazy(() =>
  pageWithDeferredCode(import('#src/routes/privacy.lazy')),
)
const cookiePolicyRoute = createRoute({ getParentRoute: () => siteLayout, path: '/cookies', loader: payloadLoader('/cookies') }).lazy(() =>
  pageWithDeferredCode(import('#src/routes/cookie-policy.lazy')),
)
const legalNoticeRoute = createRoute({ getParentRoute: () => siteLayout, path: '/mentions-legales', loader: payloadLoader('/mentions-legales') }).lazy(() =>
  pageWithDeferredCode(import('#src/routes/legal-notice.lazy')),
)

// The studio: its home and its services.
const agencyRoute = createRoute({ getParentRoute: () => agencyLayout, path: '/agency', loader: payloadLoader('/agency') }).lazy(() =>
  pageWithDeferredCode(import('#src/routes/agency.lazy')),
)
const acquisitionRoute = createRoute({ getParentRoute: () => agencyLayout, path: '/acquisition', loader: payloadLoader('/acquisition') }).lazy(() =>
  pageWithDeferredCode(import('#src/routes/acquisition.lazy')),
)
const adviceRoute = createRoute({ getParentRoute: () => agencyLayout, path: '/advice', loader: payloadLoader('/advice') }).lazy(() =>
  pageWithDeferredCode(import('#src/routes/advice.lazy')),
)
const brandingRoute = createRoute({ getParentRoute: () => agencyLayout, path: '/branding', loader: payloadLoader('/branding') }).lazy(() =>
  pageWithDeferredCode(import('#src/routes/branding.lazy')),
)
const performanceRoute = createRoute({ getParentRoute: () => agencyLayout, path: '/performance', loader: payloadLoader('/performance') }).lazy(() =>
  pageWithDeferredCode(import('#src/routes/performance.lazy')),
)
const webToShopRoute = createRoute({ getParentRoute: () => agencyLayout, path: '/web-to-shop', loader: payloadLoader('/web-to-shop') }).lazy(() =>
  pageWithDeferredCode(import('#src/routes/web-to-shop.lazy')),
)
const atelierRoute = createRoute({ getParentRoute: () => agencyLayout, path: '/atelier', loader: payloadLoader('/atelier') }).lazy(() =>
  pageWithDeferredCode(import('#src/routes/atelier.lazy')),
)

export const routeTree = rootRoute.addChildren([
  siteLayout.addChildren([
    homeRoute,
    stakesRoute,
    applicationRoute,
    pricingRoute,
    customersRoute,
    whoAreWeRoute,
    contactRoute,
    aiRequestRoute,
    termsRoute,
    privacyRoute,
    cookiePolicyRoute,
    legalNoticeRoute,
  ]),
  agencyLayout.addChildren([agencyRoute, acquisitionRoute, adviceRoute, brandingRoute, performanceRoute, webToShopRoute, atelierRoute]),
])
