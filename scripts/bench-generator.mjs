// The generator part of `npm run bench`: runs the offline generator over the brief corpora of
// test/unit/server/generator/ (unknown-brief-corpus.json: trades and events the bank does not name;
// held-out-brief-corpus.json: the same, written blind and never used to tune the bank; dev-brief-corpus.json:
// the same, the development set of decision 039, measured once before its rules; blind-brief-corpus.json: the
// same, written for decision 040 before any run, read brief by brief since decision 042; fresh-brief-corpus.json:
// the same, written for round 5 by an engineer who never tuned the matcher; round6-brief-corpus.json: the same,
// written blind for decision 048 and read brief by brief after its first measure; round7-brief-corpus.json: the
// same, written blind for decision 056 and a development set after its first measure; round8-brief-corpus.json: the
// same, written blind for decision 060 and a development set after its first measure; round9-brief-corpus.json: the
// same, two halves written blind for decision 060 and read likewise; round10-brief-corpus.json: the same, three parts
// written blind for decision 060 and read likewise; round11- and round12-brief-corpus.json: the same, three more
// parts each, likewise; brief-corpus.json: ones it names)
// and measures each game with the quality checks the server applies:
// informative questions (not answered by the brief, not a repeat) ≥ 90 %, questions from the brief's own
// sector or event ≥ 80 %, no game short of five questions, none failing a check, each written in < 50 ms
// (best of three runs per brief: a shared machine pauses any process now and then).
// Standalone: `node scripts/bench-generator.mjs` (exits non-zero on a miss).
import { pathToFileURL } from 'node:url'
import { importTypeScript } from './import-typescript.mjs'

export const GENERATOR_GOALS = { informative: 0.9, own: 0.8, slowestMs: 50 }

const percent = (share) => `${(share * 100).toFixed(1)} %`

/** Bundles the TypeScript measure with esbuild (as the server is bundled), runs it, and words the result. */
export async function benchGenerator() {
  const { measureCorpus, timeCorpus, unknownBriefs, heldOutBriefs, devBriefs, blindBriefs, freshBriefs, round6Briefs, round7Briefs, round8Briefs, round9Briefs, round10Briefs, round11Briefs, round12Briefs, knownBriefs } = await importTypeScript(
    "export { measureCorpus, timeCorpus, unknownBriefs, heldOutBriefs, devBriefs, blindBriefs, freshBriefs, round6Briefs, round7Briefs, round8Briefs, round9Briefs, round10Briefs, round11Briefs, round12Briefs, knownBriefs } from './test/unit/server/generator/corpus-measure'\n",
  )
  // Each corpus once: its name in the report, its briefs, and what it is.
  const listed = [
    ['unknown', unknownBriefs, 'Trades and events the bank does not name'],
    ['held-out', heldOutBriefs, 'Trades and events the bank does not name, written blind and never used to tune it'],
    ['development', devBriefs, 'Trades and events the bank does not name, development set of decision 039 (optimistic after its first measure)'],
    ['blind', blindBriefs, 'Trades and events the bank does not name, blind set of decision 040 (development set since decision 042)'],
    ['fresh', freshBriefs, 'Trades and events the bank does not name, written for round 5 by an engineer who never tuned the matcher'],
    ['round 6', round6Briefs, 'Trades and events the bank does not name, written blind for decision 048 (development set after its first measure)'],
    ['round 7', round7Briefs, 'Trades and events the bank does not name, written blind for decision 056 (development set after its first measure)'],
    ['round 8', round8Briefs, 'Trades and events the bank does not name, written blind for decision 060 (development set after its first measure)'],
    ['round 9', round9Briefs, 'Trades and events the bank does not name, two halves written blind for decision 060 (development set after their first measure)'],
    ['round 10', round10Briefs, 'Trades and events the bank does not name, three parts written blind for decision 060 (development set after their first measure)'],
    ['round 11', round11Briefs, 'Trades and events the bank does not name, three more parts written blind for decision 060 (development set after their first measure)'],
    ['round 12', round12Briefs, 'Trades and events the bank does not name, a last three parts written blind for decision 060 (development set after their first measure)'],
    ['known', knownBriefs, 'Trades and events the bank names'],
  ]
  const corpora = Object.fromEntries(listed.map(([name, briefs]) => [name, { ...measureCorpus(briefs), ...timeCorpus(briefs) }]))
  const titles = Object.fromEntries(listed.map(([name, , title]) => [name, title]))
  const misses = []
  const judged = (text, ok, miss) => {
    if (!ok) misses.push(`generator: ${miss}`)
    return `${text} ${ok ? 'ok' : 'MISS'}`
  }
  const lines = Object.entries(corpora).flatMap(([name, measure]) => {
    const informative = measure.informative / measure.questions
    const own = measure.own / measure.questions
    return [
      `${titles[name]} (${measure.briefs} briefs, ${measure.questions} questions)`,
      `  Informative questions:             ${judged(`${percent(informative)} (goal ≥ 90 %)`, informative >= GENERATOR_GOALS.informative, `${percent(informative)} informative questions (${name} briefs) < 90 %`)}`,
      `  From the brief's sector or event:  ${judged(`${percent(own)} (goal ≥ 80 %)`, own >= GENERATOR_GOALS.own, `${percent(own)} of questions from the brief's own sector or event (${name} briefs) < 80 %`)}`,
      ...(measure.noSector.briefs
        ? [
            `  Trades no sector covers:           ${measure.noSector.fromSector} of ${measure.noSector.questions} questions (${measure.noSector.briefs} briefs) from a sector's facts (event and general ones expected)`,
            // Their questions can only be their own through an event: for information, the share without them (the goal counts every brief).
            `  Briefs with an expected sector:    ${percent((measure.own - measure.noSector.own) / (measure.questions - measure.noSector.questions))} from their sector or event (for information; the goal above counts every brief)`,
          ]
        : []),
      `  Games with fewer than 5 questions: ${judged(String(measure.short), measure.short === 0, `${measure.short} games with fewer than 5 questions (${name} briefs)`)}`,
      `  Games failing a quality check:     ${judged(String(measure.failing.length), measure.failing.length === 0, `${measure.failing.length} games fail a quality check (${name} briefs)`)}`,
      ...measure.failing.map(({ brief, problems }) => `    ${brief}: ${problems.join('; ')}`),
      `  Time per game (best of 3 runs):    median ${measure.medianMs.toFixed(1)} ms, slowest ${judged(`${measure.slowestMs.toFixed(1)} ms (goal < 50 ms)`, measure.slowestMs < GENERATOR_GOALS.slowestMs, `slowest game ${measure.slowestMs.toFixed(1)} ms ≥ 50 ms (${name} briefs)`)}`,
    ]
  })
  return { results: { briefs: Object.values(corpora).reduce((sum, measure) => sum + measure.briefs, 0), ...corpora }, lines, misses }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { results, lines, misses } = await benchGenerator()
  console.log(`\nOffline generator over ${results.briefs} briefs (quality checks of src/server/generator/quality.ts)\n`)
  for (const line of lines) console.log(line)
  if (misses.length) process.exitCode = 1
}
