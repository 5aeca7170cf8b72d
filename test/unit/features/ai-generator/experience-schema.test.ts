import { describe, expect, it } from 'vitest'
import { experienceSchema, generatorFormSchema, parseExperience } from '#src/features/ai-generator/experience-schema'

export const quiz = {
  kind: 'quiz',
  language: 'fr',
  title: 'Le quiz de Noël',
  introduction: 'Cinq questions pour fêter Noël.',
  questions: Array.from({ length: 5 }, (_, index) => ({ question: `Question ${index + 1} ?`, answers: ['A', 'B', 'C', 'D'], correctAnswer: index % 4, explanation: 'Parce que.' })),
  closingMessage: 'Merci !',
}

describe('generator schemas', () => {
  it('accepts the contract’s form and refuses unknown choices', () => {
    const form = { companyName: 'Lemoine', companyActivity: 'boulangerie', event: 'Noël', additionalInformation: '', gameType: 0, gameLanguage: 'fr', llmModel: 'fast' }
    expect(generatorFormSchema.isValidSync(form)).toBe(true)
    expect(generatorFormSchema.isValidSync({ ...form, gameType: 2 })).toBe(false)
    expect(generatorFormSchema.isValidSync({ ...form, gameLanguage: 'de' })).toBe(false)
    expect(generatorFormSchema.isValidSync({ ...form, llmModel: 'gpt-5' })).toBe(false)
    expect(generatorFormSchema.isValidSync({ ...form, companyName: '' })).toBe(false)
  })

  it('accepts a quiz and a poll', () => {
    expect(parseExperience(quiz).questions).toHaveLength(5)
    const poll = { ...quiz, kind: 'poll', questions: quiz.questions.map(({ question, answers }) => ({ question, answers })) }
    expect(parseExperience(poll).kind).toBe('poll')
  })

  it.each([
    ['no questions', { ...quiz, questions: [] }],
    ['a quiz question without right answer', { ...quiz, questions: quiz.questions.map((question, index) => (index === 2 ? { ...question, correctAnswer: undefined } : question)) }],
    ['a right answer out of range', { ...quiz, questions: quiz.questions.map((question) => ({ ...question, correctAnswer: 7 })) }],
    ['a quiz question without explanation', { ...quiz, questions: quiz.questions.map((question) => ({ ...question, explanation: '' })) }],
    ['a single answer', { ...quiz, questions: quiz.questions.map((question) => ({ ...question, answers: ['A'] })) }],
    ['another kind', { ...quiz, kind: 'wheel' }],
    ['a missing closing message', { ...quiz, closingMessage: undefined }],
    ['a string', 'quiz'],
  ])('refuses %s', (_label, value) => {
    expect(() => parseExperience(value)).toThrow()
    expect(experienceSchema.isValidSync(value)).toBe(false)
  })
})
