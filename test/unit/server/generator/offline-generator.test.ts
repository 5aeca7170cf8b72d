import { describe, expect, it } from 'vitest'
import { parseExperience, type GeneratorRequest } from '#src/features/ai-generator/experience-schema'
import { generateOffline } from '#src/server/generator/offline-generator'

const base: GeneratorRequest = { companyName: 'Boulangerie Lemoine', companyActivity: 'boulangerie artisanale', event: 'Noël', additionalInformation: '', gameType: 0, gameLanguage: 'fr', llmModel: 'fast' }

describe('offline generator', () => {
  it('writes a valid five-question quiz about the event and the activity, in French', () => {
    const quiz = parseExperience(generateOffline(base))
    expect(quiz).toMatchObject({ kind: 'quiz', language: 'fr', title: 'Le grand quiz Boulangerie Lemoine : Noël' })
    expect(quiz.questions).toHaveLength(5)
    for (const question of quiz.questions) {
      expect(question.answers[question.correctAnswer!]).toBeDefined()
      expect(new Set(question.answers).size).toBe(question.answers.length)
    }
    const text = JSON.stringify(quiz)
    expect(text).toMatch(/Avent|saint Nicolas|sapin/i)
    expect(text).toMatch(/baguette/i)
  })

  it('turns the extra information into a question', () => {
    const quiz = generateOffline({ ...base, additionalInformation: 'Notre bûche praliné revient cette année. Elle est faite maison.' })
    expect(quiz.questions.some((question) => question.question.includes('Notre bûche praliné revient cette année'))).toBe(true)
  })

  it('varies with the inputs and is stable for the same inputs', () => {
    expect(generateOffline(base)).toEqual(generateOffline(base))
    const others = ['Halloween', 'Saint-Valentin', 'les soldes', 'nos 25 ans'].map((event) => JSON.stringify(generateOffline({ ...base, event }).questions))
    expect(new Set(others).size).toBe(others.length)
    const placements = new Set(['A', 'B', 'C', 'D', 'E', 'F'].map((suffix) => generateOffline({ ...base, companyName: `Maison ${suffix}` }).questions.map((question) => question.correctAnswer).join()))
    expect(placements.size).toBeGreaterThan(1)
  })

  it('writes polls and English games', () => {
    const poll = parseExperience(generateOffline({ ...base, gameType: 1 }))
    expect(poll.kind).toBe('poll')
    expect(poll.questions.every((question) => question.correctAnswer === undefined)).toBe(true)
    const english = parseExperience(generateOffline({ ...base, gameLanguage: 'en', event: 'Christmas' }))
    expect(english.language).toBe('en')
    expect(english.title).toBe('The big Boulangerie Lemoine quiz: Christmas')
    expect(english.questions.map((question) => question.question).join(' ')).not.toMatch(/[àéè]|Quel/)
  })

  it('stays valid for unknown themes and very long inputs', () => {
    const unknown = parseExperience(generateOffline({ ...base, companyActivity: 'plombier chauffagiste', event: 'portes ouvertes' }))
    expect(unknown.questions.length).toBeGreaterThanOrEqual(3)
    const long = { ...base, companyName: 'N'.repeat(100), event: 'E'.repeat(150), companyActivity: 'A'.repeat(200), additionalInformation: 'I'.repeat(1000) }
    expect(() => parseExperience(generateOffline(long))).not.toThrow()
    expect(() => parseExperience(generateOffline({ ...long, gameType: 1 }))).not.toThrow()
  })
})
