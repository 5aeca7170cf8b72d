import { readFileSync } from 'node:fs'
import path from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/** Seconds each file took in a recorded full run (scripts/record-test-durations.mjs), by `project:path`. */
const RECORDED: Record<string, number> = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../file-durations.json'), 'utf8'))

/**
 * Longest files first, so the last minute of a run is not one long file alone on a core. Vitest does that
 * from its own cache, which a fresh clone (CI) does not have: it would then start the largest files by
 * size, and the route sweeps, four lines each and the longest of all, would come last. This machine's
 * cache wins when there is one; then the recorded durations; a file in neither (a new one) starts first.
 */
export class DurationSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = (file: TestSpecification) => {
      const key = `${file.project.name}:${path.relative(this.ctx.config.root, file.moduleId)}`
      const cached = this.ctx.cache.getFileTestResults(key)?.duration
      return cached ? cached / 1000 : (RECORDED[key] ?? Infinity)
    }
    return [...files].sort((a, b) => seconds(b) - seconds(a))
  }
}
