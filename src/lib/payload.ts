import { queryOptions, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { pageMeta } from '#src/content-schema/page-schemas'
import { pageNotFoundError, SiteError } from './site-error'
import { siteConfig } from './site-config'
import { pageBuildId } from './build-id'
import { t } from './i18n'
import { usePageReady } from './use-page-ready'

/** The image a page is shared with (Open Graph, X/Twitter), as the build resolved it. */
export interface SocialImage {
  /** Absolute, under SITE_URL. */
  url: string
  width: number
  height: number
  type: 'image/png' | 'image/jpeg'
  alt: string
}

/**
 * Title, description, the page's own card image and structured data (schema.org JSON-LD) of a page, as
 * written in content; `socialImage` is set by the build on every page (scripts/social-cards.mjs), never
 * written in content.
 */
export type PageMeta = z.output<typeof pageMeta> & { socialImage?: SocialImage }

export interface PagePayload<TPage = Record<string, unknown>> {
  path: string
  meta: PageMeta
  page: TPage
}

const HOSTNAME_ERROR = 'Payload URL must not include hostname: '

/**
 * Refuses any payload URL that could reach another host: absolute URLs, protocol-relative
 * `//host`, `/\host` (browsers treat `\` as `/`), and paths that normalise to `//host`.
 */
export function assertNoHostname(url: string): void {
  const refuse = () => {
    throw new Error(HOSTNAME_ERROR + url)
  }
  if (!url.startsWith('/') || /^[/\\]{2}/.test(url) || /^\/[/\\]/.test(url)) refuse()
  let parsed: URL
  try {
    parsed = new URL(url, 'http://localhost')
  } catch {
    return refuse()
  }
  if (parsed.host !== 'localhost' || /^[/\\]{2}/.test(parsed.pathname)) refuse()
}

/** `/` → `/_payload.json`, `/ai/request` → `/ai/request/_payload.json`. */
export function payloadPath(routePath: string): string {
  const clean = routePath.replace(/[?#].*$/, '').replace(/\/+$/, '')
  return `${clean}/_payload.json`
}

export function payloadUrl(routePath: string, version: string): string {
  const url = `${payloadPath(routePath)}?${version}`
  assertNoHostname(url)
  return url
}

function payloadVersion(): string {
  return siteConfig.dev ? String(Date.now()) : pageBuildId()
}

export function isPagePayload(value: unknown): value is PagePayload {
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as Partial<PagePayload>
  return (
    typeof candidate.path === 'string' &&
    typeof candidate.meta === 'object' &&
    candidate.meta !== null &&
    typeof candidate.meta.title === 'string' &&
    typeof candidate.meta.description === 'string' &&
    typeof candidate.page === 'object' &&
    candidate.page !== null
  )
}

export async function fetchPayload(
  routePath: string,
  fullPath: string,
  signal?: AbortSignal,
): Promise<PagePayload> {
  const url = payloadUrl(routePath, payloadVersion())
  const response = await fetch(url, { signal, headers: { accept: 'application/json' } })
  if (response.status === 404) throw pageNotFoundError(fullPath)
  if (!response.ok) {
    throw new SiteError({
      statusCode: response.status,
      message: t('errors.payloadStatus', { status: String(response.status), path: routePath }),
    })
  }
  let body: unknown
  try {
    body = await response.json()
  } catch (cause) {
    throw new SiteError({ statusCode: 500, message: t('errors.payloadUnreadable', { path: routePath }), cause })
  }
  if (!isPagePayload(body) || body.path !== routePath) throw pageNotFoundError(fullPath)
  return body
}

/**
 * One query per route. Payloads are immutable for a build, so a cached one is never refetched;
 * the full path (query and hash) is only used for the 404 message.
 */
export function payloadQuery(routePath: string, fullPath: string = routePath) {
  return queryOptions({
    queryKey: ['payload', routePath],
    queryFn: ({ signal }) => fetchPayload(routePath, fullPath, signal),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  })
}

/**
 * The payload the route loader already put in the cache. Its page shape is the one the build wrote
 * from content/ for this path, hence the cast.
 *
 * Read from the cache as it is, with no query observer: a payload never changes within a build and
 * stays cached (`staleTime` and `gcTime` infinite), so an observer (useSuspenseQuery) would never have
 * anything to report, and its code weighed 2 KB gzip on every page (docs/decisions/038-boot-budget.md).
 * Should the loader not have run, the page suspends on the fetch, as useSuspenseQuery would.
 */
export function usePagePayload<TPage>(path: string): PagePayload<TPage> {
  usePageReady()
  const queryClient = useQueryClient()
  const query = payloadQuery(path)
  const payload = queryClient.getQueryData(query.queryKey)
  if (payload) return payload as PagePayload<TPage>
  const failed = queryClient.getQueryState(query.queryKey)?.error
  if (failed) throw failed
  throw queryClient.ensureQueryData(query)
}
