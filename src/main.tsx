import './styles/global.css'
import { catchNewsletterSubmits } from './features/newsletter/submit-requests'
import { isChunkLoadError, reloadOnceAt } from './lib/reload-guard'

/**
 * The entry stays tiny: the prerendered page paints first, then the app loads and hydrates it, so the
 * bundle never delays the first paint (docs/decisions/009-boot-after-first-paint.md).
 */
function boot(): void {
  import('./app/boot')
    .then(({ mount }) => mount())
    .catch((error: unknown) => {
      if (isChunkLoadError(error) && reloadOnceAt(window.location.pathname + window.location.search + window.location.hash)) return
      console.error('Error while mounting app:', error)
      throw error
    })
}

// Before the app arrives, a newsletter submit is held for the form rather than lost.
catchNewsletterSubmits()
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(boot, 0))
else boot()
