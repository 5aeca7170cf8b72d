import './styles/global.css'
import { createRoot, type Root } from 'react-dom/client'
import { App, createQueryClient } from './app/app'
import { installDocumentHead } from './app/document-head'
import { installFatalErrorHandler } from './app/fatal-error'
import { installNavigationA11y } from './app/navigation-a11y'
import { createAppRouter } from './app/router'
import { installStaleBuildReload } from './features/build-freshness/stale-build-reload'
import { installConsentTracking } from './features/consent/consent-tracking'
import { setupLanguage } from './lib/i18n'
import { isSiteError } from './lib/site-error'

async function mount(): Promise<void> {
  setupLanguage()
  const container = document.getElementById('app')
  if (!container) throw new Error('Missing #app container')

  let root: Root | undefined
  installFatalErrorHandler(() => root)

  const queryClient = createQueryClient()
  const router = createAppRouter({ queryClient })
  installDocumentHead(router)
  installNavigationA11y(router)
  installStaleBuildReload(router)
  installConsentTracking(router)

  // The prerendered page stays on screen until its route chunk and payload are ready, then React
  // replaces it with identical markup: no blank frame, no hydration mismatch (docs/decisions).
  if (container.hasChildNodes()) await router.load()
  root = createRoot(container, {
    // Page errors are shown by the error views; only unexpected ones are worth a console entry.
    onCaughtError: (error) => {
      if (!isSiteError(error)) console.error(error)
    },
  })
  root.render(<App router={router} queryClient={queryClient} />)
}

mount().catch((error: unknown) => {
  console.error('Error while mounting app:', error)
  throw error
})
