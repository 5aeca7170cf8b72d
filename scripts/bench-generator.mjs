// The generator part of `npm run bench`: runs the offline generator over the brief corpus
// (test/unit/server/generator/brief-corpus.json) and measures, with the quality checks the server applies to
// every game, the share of questions about the visitor's trade, event or additional information. Goals: 100 %
// on topics the bank knows, at least 90 % on the others, and no game failing a check. Standalone:
// `node scripts/bench-generator.mjs` (exits non-zero on a miss).
import { pathToFileURL } from 'node:url'
import { importTypeScript } from './import-typescript.mjs'

export const GENERATOR_GOALS = { known: 1, unknown: 0.9 }

const percent = (share) => `${(share * 100).toFixed(1)} %`

/** Bundles the TypeScript measure with esbuild (as the server is bundled), runs it, and words the result. */
export async function benchGenerator() {
  const { measureCorpus } = await importTypeScript("export { measureCorpus } from './test/unit/server/generator/corpus-measure'\n")
  const results = measureCorpus()
  const misses = []
  const judged = (text, ok, miss) => {
    if (!ok) misses.push(miss)
    return `${text} ${ok ? 'ok' : 'MISS'}`
  }
  const lines = [
    `On-topic questions, known topics:   ${judged(`${percent(results.known.share)} (${results.known.onTopic}/${results.known.questions}, goal 100 %)`, results.known.share >= GENERATOR_GOALS.known, `generator: ${percent(results.known.share)} of questions on topic for known topics < 100 %`)}`,
    `On-topic questions, unknown topics: ${judged(`${percent(results.unknown.share)} (${results.unknown.onTopic}/${results.unknown.questions}, goal ≥ 90 %)`, results.unknown.share >= GENERATOR_GOALS.unknown, `generator: ${percent(results.unknown.share)} of questions on topic for unknown topics < 90 %`)}`,
    `Games failing a quality check:      ${judged(`${results.failing.length} of ${results.briefs}`, results.failing.length === 0, `generator: ${results.failing.length} games fail a quality check`)}`,
    ...results.failing.map(({ brief, problems }) => `  ${brief}: ${problems.join('; ')}`),
  ]
  return { results, lines, misses }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { results, lines, misses } = await benchGenerator()
  console.log(`\nOffline generator over ${results.briefs} briefs (quality checks of src/server/generator/quality.ts)\n`)
  for (const line of lines) console.log(line)
  if (misses.length) process.exitCode = 1
}
