import { describe, expect, it } from 'vitest'
import { parseExperience, type Experience, type GeneratorRequest } from '#src/features/ai-generator/experience-schema'
import { assessExperience, foreignWords, sameKind, visitorFields } from '#src/server/generator/quality'
import carDealerBefore from './fixtures/car-dealer-before.json'

const input: GeneratorRequest = { companyName: 'Le Fournil', companyActivity: 'boulangerie', event: 'Noël', additionalInformation: '', gameType: 0, gameLanguage: 'fr', llmModel: 'fast' }
const question = (text: string, answers = ['La baguette', 'Le croissant', 'La brioche', 'Le pain de mie'], correctAnswer = 0) => ({ question: text, answers, correctAnswer, explanation: 'Parce que.' })
const quiz = (questions: Experience['questions'], extra: Partial<Experience> = {}): Experience => ({
  kind: 'quiz',
  language: 'fr',
  title: 'Le quiz de Noël',
  introduction: 'Cinq questions pour Noël.',
  questions,
  closingMessage: 'Merci et à bientôt !',
  ...extra,
})
const good = [
  question('Quel pain vendu à Noël est inscrit au patrimoine de l’UNESCO ?'),
  question('Quel jour ouvre-t-on la première case du calendrier de l’Avent ?', ['Le 1er décembre', 'Le 6 décembre', 'Le 24 novembre', 'Le 1er novembre']),
  question('Quelle viennoiserie est la plus vendue en boulangerie ?'),
]
const nobody: string[][] = []

describe('quality checks', () => {
  it('pass a clean game', () => {
    expect(assessExperience(input, quiz(good))).toEqual({ problems: [], onTopic: [true, true, true] })
  })

  it('reject what the offline writer gave a car dealer before: questions about football and contests', () => {
    const before = carDealerBefore as { input: GeneratorRequest; experience: Experience }
    const report = assessExperience(before.input, parseExperience(before.experience))
    expect(report.onTopic.filter(Boolean)).toHaveLength(0)
    expect(report.problems).toContain('only 0 of 5 questions are about the activity, the event or the additional information')
  })

  it('count a question on topic through its answers, the bank words of the trade or event, or the visitor’s words', () => {
    const plumber = { ...input, companyActivity: 'plombier chauffagiste', event: 'Journée privilège', additionalInformation: 'Chaudières à prix doux.' }
    const report = assessExperience(
      plumber,
      quiz([
        question('Que vend Le Fournil ?', ['Des chaudières', 'Des vélos', 'Des livres', 'Des fleurs']),
        question('Quelle aide finance la rénovation énergétique ?', ['MaPrimeRénov’', 'Le chèque énergie', 'La prime d’activité', 'Le crédit d’impôt recherche']),
        question('Quand a lieu la « Journée privilège » ?', ['Samedi', 'Dimanche', 'Lundi', 'Mardi']),
        question('Combien de joueurs compte une équipe de football ?', ['11', '9', '10', '12']),
      ]),
    )
    expect(report.onTopic).toEqual([true, true, true, false])
  })

  it('find words of the other language, but not in quotes, names or the visitor’s own words', () => {
    expect(foreignWords('What is the best bread for Christmas?', 'fr', nobody)).toEqual(['What', 'is', 'the', 'for'])
    expect(foreignWords('Quel est le meilleur pain de Noël ?', 'en', nobody)).toEqual(['Quel', 'est', 'le', 'de'])
    expect(foreignWords('Which race is the Tour de France?', 'en', nobody)).toEqual([])
    expect(foreignWords('Le Procope, Les Deux Magots or La Closerie des Lilas?', 'en', nobody)).toEqual([])
    expect(foreignWords('What does “fait maison” mean?', 'en', nobody)).toEqual([])
    expect(foreignWords('A fleur-de-lis and a hot cup of tea', 'en', nobody)).toEqual([])
    expect(foreignWords('Un thé glacé', 'fr', nobody)).toEqual([])
    expect(foreignWords('Boulangerie de la Gare: the big Christmas quiz', 'en', visitorFields({ ...input, companyName: 'Boulangerie de la Gare' }))).toEqual([])
    expect(foreignWords('Boulangerie de la Gare: the big Christmas quiz de la maison', 'en', visitorFields({ ...input, companyName: 'Boulangerie de la Gare' }))).toEqual(['de', 'la'])
  })

  it('refuse a game in the other language, or of the other kind', () => {
    const english = quiz(good, { title: 'The big quiz', introduction: 'Five questions for you.' })
    expect(assessExperience(input, english).problems).toEqual([
      'title has words of the other language: The',
      'introduction has words of the other language: for, you',
    ])
    expect(assessExperience({ ...input, gameType: 1 }, quiz(good)).problems[0]).toBe('a poll was asked for, not a quiz')
    expect(assessExperience({ ...input, gameLanguage: 'en' }, quiz(good)).problems[0]).toBe('the game is in "fr", not "en"')
  })

  it('refuse two questions alike', () => {
    const twins = [...good, question('Quel pain vendu à Noël est inscrit au patrimoine de l’UNESCO ?')]
    expect(assessExperience(input, quiz(twins)).problems).toEqual(['questions 1 and 4 are alike'])
  })

  it('demand exactly one right answer among answers of the same kind', () => {
    const problems = (answers: string[], correctAnswer = 0) => assessExperience(input, quiz([...good.slice(1), question('Quel pain fait-on à Noël ?', answers, correctAnswer)])).problems
    expect(problems(['La baguette', 'la baguette !', 'La brioche', 'Le pain de mie'])).toEqual(['question 3: two answers are the same'])
    expect(problems(['La baguette', 'La brioche', 'Toutes les réponses', 'Le pain de mie'])).toEqual(['question 3: an answer points at the others, so more than one may be right'])
    expect(problems(['La baguette', 'La brioche', 'Le pain de mie'], 5)).toEqual(['question 3: no valid right answer'])
    expect(problems(['1998', 'La brioche', 'Le pain de mie'])).toEqual(['question 3: the wrong answers are not of the same kind as the right one'])
    expect(sameKind(['Oui', 'Non, sauf si le pain est vendu avec un crédit affecté et signé sur place par le client'])).toBe(false)
    expect(sameKind(['4 ans', '2 ans', '10 ans'])).toBe(true)
  })

  it('demand that the additional information shows up in the game', () => {
    const withInformation = { ...input, additionalInformation: 'Notre bûche au praliné revient cette année. Ton chaleureux.' }
    expect(assessExperience(withInformation, quiz(good)).problems).toEqual(['the additional information does not show up in the game'])
    const used = quiz(good, { closingMessage: 'La bûche au praliné vous attend !' })
    expect(assessExperience(withInformation, used).problems).toEqual([])
    expect(assessExperience({ ...input, additionalInformation: 'Ton décalé, on tutoie.' }, quiz(good)).problems).toEqual([])
  })
})
