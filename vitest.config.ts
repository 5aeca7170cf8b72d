import { readdirSync, readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defineConfig } from 'vitest/config'
import { PAGE_WAIT_MS } from './test/e2e/support/waits'
import { DurationSequencer } from './test/setup/duration-sequencer'

const src = path.resolve(import.meta.dirname, 'src')

const siteConfig = {
  siteUrl: 'https://www.ludora.fr',
  apiUrl: '/api',
  contactEmail: 'contact@ludora.fr',
  appUrl: 'https://app.ludora.fr',
  blogUrl: 'https://blog.ludora.fr',
  matomoUrl: 'https://stats.ludora.fr/',
  matomoId: '1',
  crispId: 'test-crisp-id',
  dev: false,
}

const alias = [{ find: /^#src\/(.*)$/, replacement: `${src}/$1` }]

/**
 * Unit files run one after the other in a shared process and module graph (`isolate: false`): a process and
 * the imports files have in common (the generator's bank, Hono, zod) are paid once per worker, not once per
 * file. A file that changes what the next one would see gets a context of its own (project `unit-own-context`):
 * one with a DOM, module mocks, fake timers, or stubbed globals or environment variables.
 */
const CHANGES_THE_PROCESS = /@vitest-environment jsdom|vi\.(?:mock|doMock|useFakeTimers|stubGlobal|stubEnv)\(/
const unitFiles = readdirSync(path.join(import.meta.dirname, 'test/unit'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => path.join('test/unit', file))
const unitFilesInOwnContext = unitFiles.filter((file) => CHANGES_THE_PROCESS.test(readFileSync(path.join(import.meta.dirname, file), 'utf8')))

const unitProject = {
  environment: 'node' as const,
  setupFiles: ['test/setup/unit-setup.ts'],
  // The API bundles a platform test builds (test/unit/server/platforms/support/platform-bundle.ts) load
  // in Node itself, as the platform loads them: Vite's transform of a minified bundle cost 3 CPU-s a run.
  server: { deps: { external: [/\/ludora-netlify-[^/]+\//] } },
  restoreMocks: true,
  unstubGlobals: true,
  // Pinned to one core, a test that renders React in jsdom took up to 1.5 s (contact form, experience
  // player): 30 % of vitest's 5 s default, too close to the third a test may use.
  testTimeout: 10_000,
}

export default defineConfig({
  resolve: { alias },
  define: { __SITE_CONFIG__: JSON.stringify(siteConfig) },
  test: {
    // Browser tests wait on Chromium now and then, so one file more than there are cores keeps them busy
    // (vitest's default on two cores is one worker, which ran every file after the other). On two cores,
    // three files at once took 385 s and 754 CPU-s; four, 415 s and 807 CPU-s (more contention); two,
    // 408 s. Checked again once workers lasted a whole project (decision 061): three, 298 s and 584 CPU-s;
    // two, 318 s and 624. Cores this process may use: a run pinned to one core (`taskset -c 0 npm test`) runs two.
    maxWorkers: os.availableParallelism() + 1,
    sequence: { sequencer: DurationSequencer },
    projects: [
      {
        extends: true,
        test: {
          ...unitProject,
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          exclude: unitFilesInOwnContext,
          isolate: false,
        },
      },
      {
        extends: true,
        // Each file in a fresh VM context of a worker thread that outlives it (`vmThreads`): modules, globals,
        // mocks and timers are new for each file, but Node, vitest and jsdom load once per thread instead of
        // once per file. In a process of its own, jsdom took about a second of CPU to load for each of the
        // twenty files that ask for a DOM (`// @vitest-environment jsdom`): this project took 84 CPU-s alone,
        // and 45 this way. Code a file loads from node_modules (jsdom among it) runs outside the file's context,
        // on the thread's own timers: a file's fake timers do not drive it.
        test: { ...unitProject, name: 'unit-own-context', include: unitFilesInOwnContext, pool: 'vmThreads' },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/setup/e2e-global-setup.ts'],
          // A worker runs file after file in one module graph: Playwright, axe and the support code load once
          // per worker, not once per file. Each file's state lives in its own hooks (test/e2e/support/browser.ts).
          isolate: false,
          // A loaded two-core machine can take seconds to paint; the 1 s default would make polls flaky.
          expect: { poll: { timeout: PAGE_WAIT_MS } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
