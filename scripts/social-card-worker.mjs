// Worker thread of scripts/social-cards.mjs: loads the card renderer once, then answers each
// `{ id, card }` with `{ id, png }` or `{ id, error }`, one card after the other on this thread, while the
// main thread prerenders the pages.
import { parentPort, workerData } from 'node:worker_threads'
import { createCardRenderer } from './social-card-render.mjs'

const renderer = createCardRenderer(workerData)
// A failed start is reported to each request; this keeps it from also crashing the worker meanwhile.
renderer.catch(() => {})

parentPort.on('message', async ({ id, card }) => {
  try {
    const render = await renderer
    parentPort.postMessage({ id, png: await render(card) })
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) })
  }
})
