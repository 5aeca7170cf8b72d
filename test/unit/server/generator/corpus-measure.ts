import type { GeneratorRequest } from '#src/features/ai-generator/experience-schema'
import { generateOffline } from '#src/server/generator/offline-generator'
import { assessExperience } from '#src/server/generator/quality'
import corpus from './brief-corpus.json'

/**
 * The brief corpus run through the offline generator and the quality checks: shared by the corpus test and
 * `npm run bench` (scripts/bench-generator.mjs), so both measure the same thing.
 */

export interface CorpusBrief {
  input: GeneratorRequest
  expected: { activity: string | null; event: string | null }
  /** Known when the bank knows both the trade and the event. */
  group: 'known' | 'unknown'
}

export interface OnTopicShare {
  onTopic: number
  questions: number
  share: number
}

export interface CorpusMeasure {
  briefs: number
  known: OnTopicShare
  unknown: OnTopicShare
  /** Briefs whose game fails a quality check, with the problems found. */
  failing: { brief: string; problems: string[] }[]
}

export const corpusBriefs: CorpusBrief[] = corpus.briefs.map(({ expect: expected, ...fields }) => ({
  input: { ...fields, gameType: fields.gameType as 0 | 1, gameLanguage: fields.gameLanguage as GeneratorRequest['gameLanguage'], llmModel: 'fast' },
  expected,
  group: expected.activity !== null && expected.event !== null ? 'known' : 'unknown',
}))

export const describeBrief = ({ input }: CorpusBrief) => `${input.companyActivity} / ${input.event} (${input.gameType === 0 ? 'quiz' : 'poll'}, ${input.gameLanguage})`

export function measureCorpus(briefs: CorpusBrief[] = corpusBriefs): CorpusMeasure {
  const shares = { known: { onTopic: 0, questions: 0, share: 0 }, unknown: { onTopic: 0, questions: 0, share: 0 } }
  const failing: CorpusMeasure['failing'] = []
  for (const brief of briefs) {
    const report = assessExperience(brief.input, generateOffline(brief.input))
    shares[brief.group].onTopic += report.onTopic.filter(Boolean).length
    shares[brief.group].questions += report.onTopic.length
    if (report.problems.length) failing.push({ brief: describeBrief(brief), problems: report.problems })
  }
  for (const group of Object.values(shares)) group.share = group.questions ? group.onTopic / group.questions : 0
  return { briefs: briefs.length, ...shares, failing }
}
