import { useRouter, useRouterState, type ErrorComponentProps } from '@tanstack/react-router'
import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { SiteLink } from '#src/components/ui/site-link'
import { t } from '#src/lib/i18n'
import { isChunkLoadError, reloadOnceAt } from '#src/lib/reload-guard'
import { isSiteError } from '#src/lib/site-error'
import { usePageReady } from '#src/lib/use-page-ready'

interface ErrorViewProps {
  statusCode: number
  title: string
  description: string
  onRetry?: () => void
  /** Rendered without the router (a fatal error replaced the app): home is a full page load. */
  standalone?: boolean
}

/** The error page of the original: status code, title, the error's own message, and a way out. */
export function ErrorView({ statusCode, title, description, onRetry, standalone = false }: ErrorViewProps) {
  usePageReady()
  useEffect(() => {
    document.title = `${statusCode} - ${title} | ${t('site.name')}`
  }, [statusCode, title])

  return (
    <section className="error-view container" aria-labelledby="error-title">
      <p className="error-view__code" aria-hidden="true">
        {statusCode}
      </p>
      <h1 id="error-title" className="error-view__title" tabIndex={-1}>
        {title}
      </h1>
      <p className="error-view__description">{description}</p>
      <p className="error-view__help">{t(statusCode === 404 ? 'errors.notFoundHelp' : 'errors.serverHelp')}</p>
      <div className="error-view__actions">
        {onRetry ? (
          <button type="button" className="button button--secondary" onClick={onRetry}>
            {t('errors.retry')}
          </button>
        ) : null}
        {standalone ? (
          <a href="/" className="button button--primary">
            {t('errors.backHome')}
          </a>
        ) : (
          <SiteLink to="/" className="button button--primary">
            {t('errors.backHome')}
          </SiteLink>
        )}
      </div>
    </section>
  )
}

const noSubscription = () => () => {}

/** Unknown path: the seed's router wording, 'Page not found: {fullPath}'. */
export function NotFoundView() {
  const fullPath = useRouterState({ select: (state) => state.location.href })
  // 404.html is prerendered once for every unknown path: it holds no path, and the browser fills in
  // the one it was asked for right after hydrating that markup.
  const shownPath = useSyncExternalStore(noSubscription, () => fullPath, () => '')
  return <ErrorView statusCode={404} title={t('errors.notFoundTitle')} description={t('errors.notFoundDescription', { path: shownPath })} />
}

export function describeError(error: unknown): { statusCode: number; title: string; description: string } {
  if (isSiteError(error) && error.statusCode === 404) {
    return { statusCode: 404, title: t('errors.notFoundTitle'), description: error.statusMessage ?? error.message }
  }
  const statusCode = isSiteError(error) ? error.statusCode : 500
  const message = error instanceof Error ? error.message : String(error)
  return { statusCode, title: t('errors.serverTitle'), description: message || t('errors.serverTitle') }
}

/** Route-level errors: a stale chunk reloads the target page once; anything else shows the error view. */
export function RouteErrorView({ error }: ErrorComponentProps) {
  const router = useRouter()
  const queryErrorResetBoundary = useQueryErrorResetBoundary()
  const chunkError = isChunkLoadError(error)
  const [showError, setShowError] = useState(!chunkError)
  const href = router.state.location.href

  useEffect(() => {
    queryErrorResetBoundary.reset()
  }, [queryErrorResetBoundary])

  useEffect(() => {
    if (chunkError && !reloadOnceAt(href)) setShowError(true)
  }, [chunkError, href])

  if (!showError) return null
  const { statusCode, title, description } = describeError(error)
  return <ErrorView statusCode={statusCode} title={title} description={description} onRetry={statusCode === 404 ? undefined : () => void router.invalidate()} />
}
