// The Markdown part of `npm run bench`: how long the site's renderer takes on deeply nested lists, the case
// markdown-it caps and an uncapped renderer freezes on. Budgets from the issue: 1,000 levels (each indented
// two more spaces) under 100 ms, 10,000 under 2 s. Best of five after a warm-up, in a JSDOM window like the
// prerender's. Standalone: `node scripts/bench-markdown.mjs` (exits non-zero on a miss).
import path from 'node:path'
import { JSDOM } from 'jsdom'
import { importTypeScript } from './import-typescript.mjs'

export const NESTING_BUDGETS = [
  [1_000, 100],
  [10_000, 2_000],
]

const nestedList = (levels) => Array.from({ length: levels }, (_, level) => `${' '.repeat(2 * level)}- x${level}`).join('\n')

export async function benchMarkdown() {
  const { renderMarkdown, setSanitizerWindow } = await importTypeScript(
    "export { renderMarkdown } from './src/lib/markdown'\nexport { setSanitizerWindow } from './src/lib/sanitize-html'\n",
  )
  setSanitizerWindow(new JSDOM('').window)
  const misses = []
  const lines = NESTING_BUDGETS.map(([levels, budget]) => {
    const source = nestedList(levels)
    renderMarkdown(source)
    const best = Math.min(
      ...[0, 1, 2, 3, 4].map(() => {
        const started = performance.now()
        renderMarkdown(source)
        return performance.now() - started
      }),
    )
    const ok = best < budget
    if (!ok) misses.push(`Markdown: ${levels} nested list levels in ${Math.round(best)} ms ≥ ${budget} ms`)
    return `${String(levels).padStart(6)} nested list levels: ${best.toFixed(1)} ms (budget < ${budget} ms) ${ok ? 'ok' : 'MISS'}`
  })
  return { lines, misses }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const { lines, misses } = await benchMarkdown()
  for (const line of lines) console.log(line)
  if (misses.length) process.exitCode = 1
}
