import { describe, expect, it } from 'vitest'
import { parseExperience } from '#src/features/ai-generator/experience-schema'
import { matchTopics } from '#src/server/generator/topics'
import { blindBriefs, describeBrief, devBriefs, freshBriefs, heldOutBriefs, knownBriefs, measureCorpus, round6Briefs, round7Briefs, round8Briefs, round9Briefs, round10Briefs, round11Briefs, round12Briefs, unknownBriefs, type CorpusBrief, type CorpusMeasure } from './corpus-measure'

/** The goals of issue 22, also checked by `npm run bench`. */
const GOALS = { informative: 0.9, own: 0.8 }
/** The largest corpus (round 12, 766 briefs) takes 4.7 s alone on one core, up to about three times that in a full pinned run. */
const MEASURE_TIMEOUT_MS = 60_000

const count = (briefs: CorpusBrief[], keep: (brief: CorpusBrief) => boolean) => briefs.filter(keep).length

/** Measures a corpus once, checking on the way that every game passes the app's own parser. */
function measured(briefs: CorpusBrief[]): CorpusMeasure {
  const unparsed: string[] = []
  const measure = measureCorpus(briefs, (brief, experience) => {
    try {
      parseExperience(experience)
    } catch {
      unparsed.push(describeBrief(brief))
    }
  })
  expect(unparsed).toEqual([])
  return measure
}

describe('brief corpora', () => {
  it('hold at least 120 briefs of unknown trades and events, in both languages, quizzes and polls', () => {
    expect(unknownBriefs.length).toBeGreaterThanOrEqual(120)
    expect(knownBriefs.length).toBeGreaterThanOrEqual(60)
    for (const briefs of [unknownBriefs, knownBriefs]) {
      for (const [gameType, gameLanguage] of [[0, 'fr'], [0, 'en'], [1, 'fr'], [1, 'en']] as const) {
        expect(count(briefs, ({ input }) => input.gameType === gameType && input.gameLanguage === gameLanguage)).toBeGreaterThanOrEqual(4)
      }
    }
    expect(count(unknownBriefs, ({ input }) => input.gameLanguage === 'en')).toBeGreaterThanOrEqual(50)
    expect(count(unknownBriefs, ({ input }) => input.gameType === 1)).toBeGreaterThanOrEqual(40)
  })

  it('name in the unknown, held-out, development, blind, fresh and rounds 6 to 12 corpora no trade or event of the bank but those it learnt later', () => {
    const matched = (briefs: CorpusBrief[]) => briefs.map((brief) => ({ brief, match: matchTopics(brief.input) }))
    const unknown = matched(unknownBriefs)
    const heldOut = matched(heldOutBriefs)
    const fresh = matched(freshBriefs)
    const others = [devBriefs, blindBriefs, round6Briefs, round7Briefs, round8Briefs, round9Briefs, round10Briefs, round11Briefs, round12Briefs].map(matched)
    const namingATrade = (briefs: typeof heldOut) => briefs.filter(({ match }) => match.trades.length > 0).map(({ brief }) => describeBrief(brief))
    expect(namingATrade([...unknown, ...others.flat()])).toEqual([])
    // Trades the bank learnt later (decision 058), the angling club and local radio and press: counted, never read.
    expect(namingATrade(heldOut).length).toBe(2)
    expect(namingATrade(fresh).length).toBe(1)
    const namingAnEvent = (briefs: typeof heldOut) => briefs.filter(({ match }) => match.eventKnown).map(({ brief }) => describeBrief(brief))
    // Names the bank learnt from how shops call these events (decision 058), after the corpora were written, not from them.
    expect(namingAnEvent(unknown)).toEqual(['open water swimming group / Boxing Day dip (poll, en)', 'custom phone case printing / Cyber Week (poll, en)'])
    // The held-out briefs are counted, never read.
    expect(namingAnEvent(heldOut).length).toBe(6)
    for (const briefs of [fresh, ...others]) expect(namingAnEvent(briefs)).toEqual([])
  }, MEASURE_TIMEOUT_MS)

  it.each([
    ['unknown', unknownBriefs],
    ['known', knownBriefs],
  ] as const)('give %s briefs five informative questions, most of them from their own sector or event', (_name, briefs) => {
    const measure = measured(briefs)
    expect(measure.failing).toEqual([])
    expect(measure.short).toBe(0)
    expect(measure.questions).toBe(briefs.length * 5)
    expect(measure.informative / measure.questions).toBeGreaterThanOrEqual(GOALS.informative)
    expect(measure.own / measure.questions).toBeGreaterThanOrEqual(GOALS.own)
  }, MEASURE_TIMEOUT_MS)

  // Their share of questions from the brief's own world is reported by `npm run bench`, not asserted here:
  // the bank is never tuned to the held-out and fresh ones, so their figures stay honest; the development and
  // blind ones (read brief by brief since decision 042) are below the goal, and a floor would invite tuning to them.
  // Round 7 is smaller: it was written to check reading rules, beside the larger development sets.
  it.each([
    ['held-out', heldOutBriefs, 120],
    ['development', devBriefs, 120],
    ['blind', blindBriefs, 120],
    ['fresh', freshBriefs, 120],
    ['round 6', round6Briefs, 120],
    ['round 7', round7Briefs, 60],
    ['round 8', round8Briefs, 120],
    ['round 9', round9Briefs, 120],
    ['round 10', round10Briefs, 120],
    ['round 11', round11Briefs, 120],
    ['round 12', round12Briefs, 120],
  ] as const)('give %s briefs five informative questions each', (_name, briefs, least) => {
    const measure = measured(briefs)
    expect(briefs.length).toBeGreaterThanOrEqual(least)
    expect(measure.failing).toEqual([])
    expect(measure.short).toBe(0)
    expect(measure.informative / measure.questions).toBeGreaterThanOrEqual(GOALS.informative)
  }, MEASURE_TIMEOUT_MS)
})
