import { createRootRouteWithContext, createRoute, Outlet, type ParsedLocation } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
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
  import('#src/routes/home.lazy').then((m) => m.Route),
)
const stakesRoute = createRoute({ getParentRoute: () => siteLayout, path: '/les-enjeux', loader: payloadLoader('/les-enjeux') }).lazy(() =>
  import('#src/routes/stakes.lazy').then((m) => m.Route),
)
const applicationRoute = createRoute({ getParentRoute: () => siteLayout, path: '/application', loader: payloadLoader('/application') }).lazy(() =>
  import('#src/routes/application.lazy').then((m) => m.Route),
)
const pricingRoute = createRoute({ getParentRoute: () => siteLayout, path: '/pricing', loader: payloadLoader('/pricing') }).lazy(() =>
  import('#src/routes/pricing.lazy').then((m) => m.Route),
)
const customersRoute = createRoute({ getParentRoute: () => siteLayout, path: '/cas-clients', loader: payloadLoader('/cas-clients') }).lazy(() =>
  import('#src/routes/customers.lazy').then((m) => m.Route),
)
const whoAreWeRoute = createRoute({ getParentRoute: () => siteLayout, path: '/who-are-we', loader: payloadLoader('/who-are-we') }).lazy(() =>
  import('#src/routes/who-are-we.lazy').then((m) => m.Route),
)
const contactRoute = createRoute({ getParentRoute: () => siteLayout, path: '/contact', loader: payloadLoader('/contact') }).lazy(() =>
  import('#src/routes/contact.lazy').then((m) => m.Route),
)
const aiRequestRoute = createRoute({ getParentRoute: () => siteLayout, path: '/ai/request', loader: payloadLoader('/ai/request') }).lazy(() =>
  import('#src/routes/ai-request.lazy').then((m) => m.Route),
)
const termsRoute = createRoute({ getParentRoute: () => siteLayout, path: '/cgu', loader: payloadLoader('/cgu') }).lazy(() =>
  import('#src/routes/terms.lazy').then((m) => m.Route),
)
const privacyRoute = createRoute({ getParentRoute: () => siteLayout, path: '/confidentialite', loader: payloadLoader('/confidentialite') }).lazy(() =>
  import('#src/routes/privacy.lazy').then((m) => m.Route),
)
const cookiePolicyRoute = createRoute({ getParentRoute: () => siteLayout, path: '/cookies', loader: payloadLoader('/cookies') }).lazy(() =>
  import('#src/routes/cookie-policy.lazy').then((m) => m.Route),
)
const legalNoticeRoute = createRoute({ getParentRoute: () => siteLayout, path: '/mentions-legales', loader: payloadLoader('/mentions-legales') }).lazy(() =>
  import('#src/routes/legal-notice.lazy').then((m) => m.Route),
)

// The studio: its home and its services.
const agencyRoute = createRoute({ getParentRoute: () => agencyLayout, path: '/agency', loader: payloadLoader('/agency') }).lazy(() =>
  import('#src/routes/agency.lazy').then((m) => m.Route),
)
const acquisitionRoute = createRoute({ getParentRoute: () => agencyLayout, path: '/acquisition', loader: payloadLoader('/acquisition') }).lazy(() =>
  import('#src/routes/acquisition.lazy').then((m) => m.Route),
)
const adviceRoute = createRoute({ getParentRoute: () => agencyLayout, path: '/advice', loader: payloadLoader('/advice') }).lazy(() =>
  import('#src/routes/advice.lazy').then((m) => m.Route),
)
const brandingRoute = createRoute({ getParentRoute: () => agencyLayout, path: '/branding', loader: payloadLoader('/branding') }).lazy(() =>
  import('#src/routes/branding.lazy').then((m) => m.Route),
)
const performanceRoute = createRoute({ getParentRoute: () => agencyLayout, path: '/performance', loader: payloadLoader('/performance') }).lazy(() =>
  import('#src/routes/performance.lazy').then((m) => m.Route),
)
const webToShopRoute = createRoute({ getParentRoute: () => agencyLayout, path: '/web-to-shop', loader: payloadLoader('/web-to-shop') }).lazy(() =>
  import('#src/routes/web-to-shop.lazy').then((m) => m.Route),
)
const atelierRoute = createRoute({ getParentRoute: () => agencyLayout, path: '/atelier', loader: payloadLoader('/atelier') }).lazy(() =>
  import('#src/routes/atelier.lazy').then((m) => m.Route),
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
