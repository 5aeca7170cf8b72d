// The reference's browser entry: it boots the plain way, in one evaluation, as a page of this stack does
// when nobody has worked on its start-up.
import { hydrateRoot } from 'react-dom/client'
import { createReferenceApp } from './reference-app'

async function start(): Promise<void> {
  const { router, app } = createReferenceApp()
  await router.load()
  const container = document.getElementById('app')
  if (!container) throw new Error('Missing #app container')
  hydrateRoot(container, app, {
    // The bench refuses a reference that did not adopt its prerendered paragraph: it would measure a client render.
    onRecoverableError: (error) => {
      document.documentElement.dataset.referenceMismatch = String(error)
    },
  })
}

void start()
