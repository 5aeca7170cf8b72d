/**
 * Node entry bundled by esbuild.config.mjs: renders each route to static HTML and compiles content
 * Markdown with the same renderer and sanitizer the browser uses.
 */
import { createMemoryHistory } from '@tanstack/react-router'
import { renderToString } from 'react-dom/server'
import { App, createQueryClient } from './app/app'
import { loadDeferredModules } from './lib/deferred-module'
import { createAppRouter } from './app/router'
import { payloadQuery, type PagePayload } from './lib/payload'

export { renderHeadTags } from './lib/page-head'
export { compileRouteRules } from './lib/route-rules'
export { setSanitizerWindow } from './lib/sanitize-html'
export { renderMarkdown } from './lib/markdown'
export { resolveContentReferences } from './lib/content-references'
export { checkMatomoGoals } from './lib/conversions'

export interface PageRoute {
  path: string
  layout: 'site' | 'agency'
}

/** Every page of the route tree, with the layout it uses. */
export function listPageRoutes(): PageRoute[] {
  const router = createAppRouter({ queryClient: createQueryClient(), prerender: true, history: createMemoryHistory({ initialEntries: ['/'] }) })
  return Object.values(router.routesById)
    .filter((route) => typeof (route.options as { path?: unknown }).path === 'string')
    .map((route) => ({
      path: route.fullPath === '/' ? '/' : route.fullPath.replace(/\/$/, ''),
      layout: route.parentRoute?.id === '/_agency' ? 'agency' : 'site',
    }))
}

/** The app's HTML for one path; `payload` undefined renders what a visitor of that path would see without one. */
export async function renderPage(path: string, payload: PagePayload | undefined): Promise<string> {
  const queryClient = createQueryClient()
  if (payload) queryClient.setQueryData(payloadQuery(path).queryKey, payload)
  const router = createAppRouter({
    queryClient,
    prerender: true,
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  await router.load()
  // The parts the browser loads as the visitor reaches them are prerendered whole (the footer of the 404 page too).
  await loadDeferredModules()
  const html = renderToString(<App router={router} queryClient={queryClient} />)
  // React answers a component that throws during a server render by leaving its Suspense boundary to the
  // browser (`<!--$!-->`): the page would ship without its text, so the build stops instead.
  if (html.includes('<!--$!-->')) {
    const reason = /<template[^>]*\sdata-msg="([^"]*)"/.exec(html)?.[1] ?? 'a component threw while rendering'
    throw new Error(`Prerender of ${path} failed: ${reason}`)
  }
  return html
}
