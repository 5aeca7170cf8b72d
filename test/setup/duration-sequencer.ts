import { readFileSync } from 'node:fs'
import path from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/** Seconds each file took in a recorded full run (scripts/record-test-durations.mjs), by `project:path`. */
const RECORDED: Record<string, number> = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../file-durations.json'), 'utf8'))

/**
 * The order of the projects in the queue. Vitest keeps a worker that ran a file of a shared-process project
 * (`isolate: false`) only when the very next file in the queue belongs to the same project; otherwise it stops
 * the worker, and the next browser file starts a new process, Playwright and Chromium. Mixed by duration alone,
 * the three projects made 18 browser workers for 28 files, and as many again for the unit files. Grouped, each
 * of the three workers changes project at most twice. Browser files come first, as they hold the longest; the
 * files with a context of their own come last: short, they even out the end of the run.
 */
const PROJECT_ORDER = ['e2e', 'unit', 'unit-own-context']

/**
 * Longest files first within each project, so the last minute of a run is not one long file alone on a core.
 * Vitest does that from its own cache, which a fresh clone (CI) does not have: it would then start the largest
 * files by size, and the route sweeps, four lines each and the longest of all, would come last. This machine's
 * cache wins when there is one; then the recorded durations; a file in neither (a new one) starts first.
 */
export class DurationSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = (file: TestSpecification) => {
      const key = `${file.project.name}:${path.relative(this.ctx.config.root, file.moduleId)}`
      const cached = this.ctx.cache.getFileTestResults(key)?.duration
      return cached ? cached / 1000 : (RECORDED[key] ?? Infinity)
    }
    const rank = (file: TestSpecification) => {
      const index = PROJECT_ORDER.indexOf(file.project.name)
      return index === -1 ? PROJECT_ORDER.length : index
    }
    return [...files].sort((a, b) => rank(a) - rank(b) || seconds(b) - seconds(a))
  }
}
