import type { Experience, GeneratorRequest } from '#src/features/ai-generator/experience-schema'
import { composeOffline, type QuestionOrigin } from '#src/server/generator/offline-generator'
import { assessExperience, QUESTION_COUNT } from '#src/server/generator/quality'
import blindCorpus from './blind-brief-corpus.json'
import knownCorpus from './brief-corpus.json'
import devCorpus from './dev-brief-corpus.json'
import freshCorpus from './fresh-brief-corpus.json'
import heldOutCorpus from './held-out-brief-corpus.json'
import round6Corpus from './round6-brief-corpus.json'
import round7Corpus from './round7-brief-corpus.json'
import round8Corpus from './round8-brief-corpus.json'
import round9Corpus from './round9-brief-corpus.json'
import round10Corpus from './round10-brief-corpus.json'
import round11Corpus from './round11-brief-corpus.json'
import round12Corpus from './round12-brief-corpus.json'
import unknownCorpus from './unknown-brief-corpus.json'

/**
 * The brief corpora run through the offline generator and the quality checks: shared by the corpus test and
 * `npm run bench` (scripts/bench-generator.mjs), so both measure the same thing.
 * - known: trades and events the bank names;
 * - unknown: trades and events it does not name, written from business directories and calendars;
 * - held out: the same kind of briefs, written blind by someone else and never used to tune the bank: the
 *   honest measure of how the generator does with a business no one here has seen;
 * - development: the same kind again, written for the third round of matching rules (decision 039), measured
 *   once before them and then used to develop them, so its later figures flatter the matcher;
 * - blind: the same kind again, written for the fourth round (decision 040) before any run on it and measured in
 *   aggregate only in that round; since decision 042, whose rules came from its misses read brief by brief, a
 *   development set too;
 * - fresh: the same kind again, written for the fifth round by an engineer who never tuned the matcher and never
 *   read its code or keywords, checked only for naming nothing of the bank before it was handed over;
 * - round 6: the same kind again, written blind for the sixth round by another engineer who never read the matcher, as a
 *   development set whose misses are to be read: an unbiased sample of what unseen businesses hit;
 * - round 7: the same kind again, written blind for decision 056 before any run on it, measured once, then a
 *   development set for its reading rules.
 * Each brief says which sectors and events its facts should come from (written by hand, not by the bank).
 */

export interface CorpusBrief {
  input: GeneratorRequest
  expected: { sectors: string[]; events: string[] }
}

export interface CorpusMeasure {
  briefs: number
  questions: number
  /** Questions that teach something: not answered by the brief, not a repeat of another. */
  informative: number
  /** Questions whose fact or poll comes from the brief's own sector or event. */
  own: number
  /** Games with fewer questions than promised. */
  short: number
  /** Briefs whose game fails a quality check, with the problems found. */
  failing: { brief: string; problems: string[] }[]
  /** Briefs of a trade no sector covers (none expected): their questions, those a sector's facts gave, and those from their own event. */
  noSector: { briefs: number; questions: number; fromSector: number; own: number }
}

export interface CorpusTiming {
  /** Milliseconds to write a game, each brief timed as the best of a few runs (a shared machine pauses any process now and then). */
  medianMs: number
  slowestMs: number
}

interface RawBrief {
  companyName: string
  companyActivity: string
  event: string
  additionalInformation: string
  gameType: number
  gameLanguage: string
  expect: { sectors: string[]; events: string[] }
}

const toBriefs = (briefs: RawBrief[]): CorpusBrief[] =>
  briefs.map(({ expect: expected, ...fields }) => ({
    input: { ...fields, gameType: fields.gameType as 0 | 1, gameLanguage: fields.gameLanguage as GeneratorRequest['gameLanguage'], llmModel: 'fast' },
    expected,
  }))

export const knownBriefs = toBriefs(knownCorpus.briefs)
export const unknownBriefs = toBriefs(unknownCorpus.briefs)
export const heldOutBriefs = toBriefs(heldOutCorpus.briefs)
export const devBriefs = toBriefs(devCorpus.briefs)
export const blindBriefs = toBriefs(blindCorpus.briefs)
export const freshBriefs = toBriefs(freshCorpus.briefs)
export const round6Briefs = toBriefs(round6Corpus.briefs)
export const round7Briefs = toBriefs(round7Corpus.briefs)
export const round8Briefs = toBriefs(round8Corpus.briefs)
export const round9Briefs = toBriefs(round9Corpus.briefs)
export const round10Briefs = toBriefs(round10Corpus.briefs)
export const round11Briefs = toBriefs(round11Corpus.briefs)
export const round12Briefs = toBriefs(round12Corpus.briefs)

export const describeBrief = ({ input }: CorpusBrief) => `${input.companyActivity} / ${input.event} (${input.gameType === 0 ? 'quiz' : 'poll'}, ${input.gameLanguage})`

/** A question comes from the brief's world when its fact or poll belongs to one of the expected sectors or events. */
function isOwn(origin: QuestionOrigin, expected: CorpusBrief['expected']): boolean {
  if (origin.kind === 'sector') return expected.sectors.includes(origin.id)
  if (origin.kind === 'event') return expected.events.includes(origin.id)
  return false
}

/** `onGame` sees each game as written, for checks the measure does not make (the app's own parser). */
export function measureCorpus(briefs: CorpusBrief[], onGame?: (brief: CorpusBrief, experience: Experience) => void): CorpusMeasure {
  const measure: CorpusMeasure = { briefs: briefs.length, questions: 0, informative: 0, own: 0, short: 0, failing: [], noSector: { briefs: 0, questions: 0, fromSector: 0, own: 0 } }
  for (const brief of briefs) {
    const { experience, origins } = composeOffline(brief.input)
    onGame?.(brief, experience)
    const report = assessExperience(brief.input, experience)
    measure.questions += experience.questions.length
    measure.informative += report.informative.filter(Boolean).length
    const own = origins.filter((origin) => isOwn(origin, brief.expected)).length
    measure.own += own
    if (experience.questions.length < QUESTION_COUNT) measure.short++
    if (brief.expected.sectors.length === 0) {
      measure.noSector.briefs++
      measure.noSector.questions += origins.length
      measure.noSector.fromSector += origins.filter((origin) => origin.kind === 'sector').length
      measure.noSector.own += own
    }
    if (report.problems.length) measure.failing.push({ brief: describeBrief(brief), problems: report.problems })
  }
  return measure
}

export function timeCorpus(briefs: CorpusBrief[], runs = 3): CorpusTiming {
  const times = briefs
    .map(({ input }) => {
      let best = Number.POSITIVE_INFINITY
      for (let run = 0; run < runs; run++) {
        const started = performance.now()
        composeOffline(input)
        best = Math.min(best, performance.now() - started)
      }
      return best
    })
    .sort((a, b) => a - b)
  return { medianMs: times[Math.floor(times.length / 2)] ?? 0, slowestMs: times.at(-1) ?? 0 }
}
