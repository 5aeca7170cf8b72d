import { describe, expect, it } from 'vitest'
import { parseExperience, type GeneratorRequest } from '#src/features/ai-generator/experience-schema'
import { activityLabel, generateOffline } from '#src/server/generator/offline-generator'
import { assessExperience } from '#src/server/generator/quality'

const base: GeneratorRequest = { companyName: 'Boulangerie Lemoine', companyActivity: 'boulangerie artisanale', event: 'Noël', additionalInformation: '', gameType: 0, gameLanguage: 'fr', llmModel: 'fast' }
const visible = (input: GeneratorRequest) => JSON.stringify(generateOffline(input))

describe('offline generator', () => {
  it('writes a five-question quiz of facts about the trade and the event', () => {
    const quiz = parseExperience(generateOffline(base))
    expect(quiz).toMatchObject({ kind: 'quiz', language: 'fr' })
    expect(quiz.questions).toHaveLength(5)
    const text = JSON.stringify(quiz)
    expect(text).toMatch(/Avent|saint Nicolas|sapin|bûche/)
    expect(text).toMatch(/baguette|boulangerie/i)
    expect(assessExperience(base, quiz)).toEqual({ problems: [], onTopic: [true, true, true, true, true] })
  })

  it('never asks a car dealer about another trade', () => {
    const input = { ...base, companyName: 'Garage Martin Automobiles', companyActivity: 'concession automobile, voitures de sport et utilitaires', event: 'portes ouvertes' }
    const quiz = generateOffline(input)
    expect(assessExperience(input, quiz).onTopic.every(Boolean)).toBe(true)
    expect(JSON.stringify(quiz)).not.toMatch(/football|olympiques|baguette/i)
    expect(JSON.stringify(quiz)).toMatch(/voiture|véhicule/i)
  })

  it('builds the questions of an unknown trade and event from what the visitor wrote', () => {
    const input = { ...base, companyName: 'Drone Vision', companyActivity: 'Nous sommes une entreprise de prises de vue aériennes par drone', event: 'Lancement de notre offre', additionalInformation: 'Vol de démonstration gratuit pour 3 clients.' }
    const quiz = generateOffline(input)
    const report = assessExperience(input, quiz)
    expect(report.problems).toEqual([])
    expect(report.onTopic.every(Boolean)).toBe(true)
    const answers = quiz.questions.flatMap((question) => question.answers)
    expect(answers).toContain('Entreprise de prises de vue aériennes par drone')
    expect(answers).toContain('Lancement de notre offre')
    expect(JSON.stringify(quiz)).toContain('Vol de démonstration gratuit pour')
  })

  it('puts the additional information in the game: a product in a question, a prize up front, a tone in the wording', () => {
    const product = generateOffline({ ...base, additionalInformation: 'Notre bûche praliné revient cette année. Elle est faite maison.' })
    expect(product.questions.some((question) => question.question.includes('Notre bûche praliné revient cette année.'))).toBe(true)
    const prize = generateOffline({ ...base, additionalInformation: 'Un panier garni à gagner chaque semaine.' })
    expect(prize.introduction).toContain('Un panier garni à gagner chaque semaine.')
    const figures = generateOffline({ ...base, additionalInformation: 'Jusqu’à 30 % de remise sur les bûches.' })
    const cloze = figures.questions.find((question) => question.question.includes('Jusqu’à … de remise'))!
    expect(cloze.answers[cloze.correctAnswer!]).toBe('30 %')
    expect(cloze.answers.every((answer) => / %$/.test(answer))).toBe(true)
    const warm = new Set(['A', 'B', 'C', 'D'].map((suffix) => generateOffline({ ...base, companyName: `Maison ${suffix}` }).introduction.replace(/Maison \w/g, '')))
    const fun = new Set(['A', 'B', 'C', 'D'].map((suffix) => generateOffline({ ...base, companyName: `Maison ${suffix}`, additionalInformation: 'Sur un ton décalé et plein d’humour.' }).introduction.replace(/Maison \w/g, '')))
    expect([...fun].some((introduction) => warm.has(introduction))).toBe(false)
  })

  it('is stable for the same request and varies with another', () => {
    expect(generateOffline(base)).toEqual(generateOffline(base))
    const events = ['Halloween', 'Saint-Valentin', 'les soldes', 'nos 25 ans', 'Fête des mères'].map((event) => JSON.stringify(generateOffline({ ...base, event }).questions))
    expect(new Set(events).size).toBe(events.length)
    const placements = new Set(['A', 'B', 'C', 'D', 'E', 'F'].map((suffix) => generateOffline({ ...base, companyName: `Maison ${suffix}` }).questions.map((question) => question.correctAnswer).join()))
    expect(placements.size).toBeGreaterThan(1)
  })

  it('writes every visible string in the language asked for, naming a known event in that language', () => {
    const english = parseExperience(generateOffline({ ...base, gameLanguage: 'en', gameType: 1, event: 'Fête des mères' }))
    expect(english.title).toContain("Mother's Day")
    expect(english.title).not.toMatch(/Fête|mères/)
    const input = { ...base, gameLanguage: 'en' as const, event: 'Christmas' }
    expect(assessExperience(input, generateOffline(input)).problems).toEqual([])
    const french = generateOffline({ ...base, event: 'Black Friday', gameType: 1 })
    expect(french.title + french.introduction).toMatch(/Black Friday/)
    expect(assessExperience({ ...base, event: 'Black Friday', gameType: 1 }, french).problems).toEqual([])
  })

  it('stays valid for very long inputs', () => {
    const long = { ...base, companyName: 'N'.repeat(100), event: 'E'.repeat(150), companyActivity: 'A'.repeat(200), additionalInformation: 'I'.repeat(1000) }
    expect(() => parseExperience(generateOffline(long))).not.toThrow()
    expect(() => parseExperience(generateOffline({ ...long, gameType: 1 }))).not.toThrow()
    const words = { ...base, additionalInformation: 'Une phrase très longue sur nos produits. '.repeat(25) }
    expect(visible(words).length).toBeGreaterThan(0)
    expect(() => parseExperience(generateOffline(words))).not.toThrow()
  })

  it('shortens what the visitor typed as their trade into a label', () => {
    expect(activityLabel('Nous sommes une boulangerie de quartier. Ouverte 7j/7.')).toBe('boulangerie de quartier')
    expect(activityLabel("l'atelier de lutherie, fabrication et réparation de violons anciens")).toBe('atelier de lutherie')
    expect(activityLabel('We are a dog grooming salon')).toBe('dog grooming salon')
  })
})
