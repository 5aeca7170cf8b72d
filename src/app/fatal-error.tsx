import type { Root } from 'react-dom/client'
import { isSiteError } from '#src/lib/site-error'
import { describeError, ErrorView } from './error-view'

/** A fatal unhandled error replaces the whole app with the error view, as the original did. */
export function installFatalErrorHandler(getRoot: () => Root | undefined): () => void {
  const handle = (error: unknown) => {
    const root = getRoot()
    if (!root || !isSiteError(error) || !error.fatal) return
    const { statusCode, title, description } = describeError(error)
    root.render(
      <main id="main" className="site-main">
        <ErrorView statusCode={statusCode} title={title} description={description} standalone />
      </main>,
    )
  }
  const onError = (event: ErrorEvent) => handle(event.error)
  const onRejection = (event: PromiseRejectionEvent) => handle(event.reason)
  window.addEventListener('error', onError)
  window.addEventListener('unhandledrejection', onRejection)
  return () => {
    window.removeEventListener('error', onError)
    window.removeEventListener('unhandledrejection', onRejection)
  }
}
