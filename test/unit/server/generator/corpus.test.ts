import { describe, expect, it } from 'vitest'
import { parseExperience } from '#src/features/ai-generator/experience-schema'
import { generateOffline } from '#src/server/generator/offline-generator'
import { assessExperience } from '#src/server/generator/quality'
import { matchTopics } from '#src/server/generator/topics'
import { corpusBriefs, describeBrief, measureCorpus } from './corpus-measure'

const cases = corpusBriefs.map((brief) => [describeBrief(brief), brief] as const)

describe('brief corpus', () => {
  it('covers known and unknown topics, quizzes and polls, French and English', () => {
    expect(corpusBriefs.length).toBeGreaterThanOrEqual(60)
    expect(corpusBriefs.filter(({ group }) => group === 'known').length).toBeGreaterThanOrEqual(20)
    expect(corpusBriefs.filter(({ group }) => group === 'unknown').length).toBeGreaterThanOrEqual(20)
    for (const [gameType, gameLanguage] of [[0, 'fr'], [0, 'en'], [1, 'fr'], [1, 'en']] as const) {
      expect(corpusBriefs.filter(({ input }) => input.gameType === gameType && input.gameLanguage === gameLanguage).length).toBeGreaterThanOrEqual(4)
    }
  })

  it.each(cases)('matches %s with the expected bank entries', (_name, { input, expected }) => {
    const match = matchTopics(input)
    expect(match.activities.find((entry) => !entry.generic)?.id ?? null).toBe(expected.activity)
    expect(match.eventKnown ? (match.namedEvent ?? match.season)?.id : null).toBe(expected.event)
  })

  it.each(cases)('writes a valid, clean game for %s', (_name, { input }) => {
    const experience = parseExperience(generateOffline(input))
    expect(assessExperience(input, experience).problems).toEqual([])
  })

  it('keeps every question on topic for known briefs and nine in ten for unknown ones', () => {
    const measure = measureCorpus()
    expect(measure.known.share).toBe(1)
    expect(measure.unknown.share).toBeGreaterThanOrEqual(0.9)
  })
})
