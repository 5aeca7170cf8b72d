import './styles/global.css'
import { catchNewsletterSubmits } from './features/newsletter/submit-requests'
import { afterFirstPaint } from './lib/after-first-paint'
import { isChunkLoadError, reloadOnceAt } from './lib/reload-guard'

/** A new task: the browser can paint and answer the visitor between two steps of the boot. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

/** Fetches every module the page needs at once (the build lists them), without running any yet. */
function preloadPageModules(): void {
  const list = document.querySelector('meta[name="ludora:modules"]')?.getAttribute('content')?.split(' ') ?? []
  for (const href of list) {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.href = href
    document.head.append(link)
  }
}

/**
 * The entry stays tiny: the prerendered page paints first, then the app loads and hydrates it, so the
 * bundle never delays the first paint (docs/decisions/009-boot-after-first-paint.md). Its modules are
 * fetched together but run in steps, each in a task of its own, so none blocks the page for long
 * (docs/decisions/021-boot-in-steps.md).
 */
async function boot(): Promise<void> {
  preloadPageModules()
  await import('react-dom/client')
  await nextTask()
  const { mount } = await import('./app/boot')
  await nextTask()
  await mount(nextTask)
}

function start(): void {
  boot().catch((error: unknown) => {
    if (isChunkLoadError(error) && reloadOnceAt(window.location.pathname + window.location.search + window.location.hash)) return
    console.error('Error while mounting app:', error)
    throw error
  })
}

// A reload or a step back puts the page where the visitor left it, which the blocks a long page holds back
// from its first frames could leave out of reach: then they are shown at once. The router gave the entry a
// state on the visit before; a new one has none (docs/decisions/066-first-frame-holds-back-the-rest.md).
if (history.state) document.documentElement.dataset.restored = ''

// Before the app arrives, a newsletter submit is held for the form rather than lost.
catchNewsletterSubmits()
// Not merely after the first frame is rendered: a frame can reach the screen later, and the app's files
// would then download before the first paint, sharing a slow phone's bandwidth with it.
void afterFirstPaint().then(start)
