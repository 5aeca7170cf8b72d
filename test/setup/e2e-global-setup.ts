import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type { TestProject } from 'vitest/node'
import { startSiteServer } from '../../src/server/main'

/** Third-party settings the consent tests rely on; their hosts are never reached (tests block them). */
export const E2E_ENV = {
  SITE_MATOMO_URL: 'https://matomo.ludora.test/',
  SITE_MATOMO_ID: '7',
  // Some conversions mapped to goals, the others left as events only (test/e2e/conversions.test.ts).
  SITE_MATOMO_GOALS: 'newsletter-registered=1,contact-sent=2,generator-game-generated=3,app-signup-click=4,pricing-plan-chosen=5',
  SITE_CRISP_ID: '5f3c2d1e-7a6b-4c8d-9e0f-123456789abc',
  SITE_CONTACT_EMAIL: 'contact@ludora.fr',
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    distDir: string
  }
}

const STALL_CHECK_MS = 250
const STALL_MS = 1000

/**
 * This process runs the site's server every page loads from: were its event loop held, a browser test would
 * wait until its own timeout with no word of why. Each hold longer than a second is noted, with when it began.
 */
function watchEventLoop(): { timer: NodeJS.Timeout; seen: string[] } {
  const start = Date.now()
  const seen: string[] = []
  let last = start
  const timer = setInterval(() => {
    const now = Date.now()
    const held = now - last - STALL_CHECK_MS
    if (held > STALL_MS) seen.push(`${held} ms at ${((last - start) / 1000).toFixed(0)} s`)
    last = now
  }, STALL_CHECK_MS)
  timer.unref()
  return { timer, seen }
}

/**
 * Builds dist/ once into a temporary folder, with the same command line as `npm run build`, and serves it
 * the way a static bucket does. Each worker starts its own Chromium (test/e2e/support/browser.ts).
 */
export default async function setup(project: TestProject) {
  const stalls = watchEventLoop()
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'ludora-e2e-'))
  const outDir = path.join(workDir, 'dist')
  await promisify(execFile)(process.execPath, ['esbuild.config.mjs'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, ...E2E_ENV, SITE_URL: 'http://127.0.0.1', OUT_DIR: outDir },
  })
  // Every browser test posts from 127.0.0.1 to this one server: the per-client rate limit is raised so
  // they never wait on each other (the limit itself has its own tests).
  const server = await startSiteServer({
    root: outDir,
    port: 0,
    dataDir: path.join(workDir, 'data'),
    // Only what the tests set: a developer's own delivery or model settings never reach them.
    env: { API_RATE_LIMITS: 'contact=1000,newsletter=1000,generate=1000' },
  })
  project.provide('baseURL', server.url)
  project.provide('distDir', outDir)
  return async () => {
    clearInterval(stalls.timer)
    if (stalls.seen.length) console.warn(`The test runner's event loop stalled: ${stalls.seen.join(', ')}.`)
    await server.close()
    await rm(workDir, { recursive: true, force: true })
  }
}
