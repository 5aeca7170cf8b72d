import { describe, expect, it } from 'vitest'
import { parseExperience, type Experience, type GeneratorRequest } from '#src/features/ai-generator/experience-schema'
import { answeredByBrief, assessExperience, briefTexts, foreignWords, repeats, restatesAnnouncement, sameKind, visitorFields, withoutWholeWords } from '#src/server/generator/quality'
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
  question('Quel pain vendu en boulangerie est inscrit au patrimoine de l’UNESCO ?'),
  question('Quel jour ouvre-t-on la première case du calendrier de l’Avent ?', ['Le 6 décembre', 'Le 1er décembre', 'Le 24 novembre', 'Le 1er novembre'], 1),
  question('Quelle viennoiserie au beurre naît d’une pâte feuilletée levée ?', ['La brioche', 'Le pain au lait', 'Le croissant', 'La fougasse'], 2),
  question('Depuis quand la loi protège-t-elle le titre de « boulanger » ?', ['1993', '1905', '1968', '2001'], 3),
  question('Quel gâteau partage-t-on pour l’Épiphanie, après Noël ?', ['La galette des rois', 'La bûche', 'Le kouign-amann', 'Le baba au rhum'], 0),
]
const nobody: string[][] = []
const problemsOf = (experience: Experience, request: GeneratorRequest = input) => assessExperience(request, experience).problems

describe('quality checks', () => {
  it('pass a clean game of five informative questions', () => {
    expect(assessExperience(input, quiz(good))).toEqual({ problems: [], onTopic: [true, true, true, true, true], informative: [true, true, true, true, true] })
  })

  it('demand exactly five questions', () => {
    expect(problemsOf(quiz(good.slice(0, 4)))).toEqual(['the game has 4 questions, not 5'])
    expect(problemsOf(quiz([...good, question('Combien de temps se garde une miche au levain ?', ['Trois jours', 'Une heure', 'Un mois', 'Un an'], 1)]))).toEqual(['the game has 6 questions, not 5'])
  })

  it('demand that the right answer moves from one question to the next', () => {
    const sameSlot = good.map((entry) => {
      const right = entry.answers[entry.correctAnswer]!
      return { ...entry, answers: [right, ...entry.answers.filter((answer) => answer !== right)], correctAnswer: 0 }
    })
    expect(problemsOf(quiz(sameSlot))).toEqual(['the right answer is always answer 1'])
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
        question('Quelle aide finance la rénovation énergétique ?', ['MaPrimeRénov’', 'Le chèque énergie', 'La prime d’activité', 'Le crédit d’impôt recherche'], 1),
        question('Quand a lieu la « Journée privilège » ?', ['Samedi', 'Dimanche', 'Lundi', 'Mardi'], 2),
        question('Combien de joueurs compte une équipe de football ?', ['11', '9', '10', '12'], 3),
        question('Combien de côtés compte un hexagone ?', ['6', '5', '7', '8']),
      ]),
    )
    expect(report.onTopic).toEqual([true, true, true, false, false])
  })

  it('do not count the company’s name as its trade, and read that name only as whole words', () => {
    const plumber = { ...input, companyName: 'Chaudières Dupont', companyActivity: 'plombier chauffagiste', event: 'Journée privilège', additionalInformation: 'Chaudières à prix doux.' }
    const report = assessExperience(
      plumber,
      quiz([
        question('En quelle année Chaudières Dupont a-t-il ouvert ?', ['1990', '2000', '2010', '2020']),
        question('Combien de temps dure une chaudière bien entretenue ?', ['15 ans', '2 ans', '50 ans', '6 mois'], 1),
        question('Qui a repris Chaudières Dupontel ?', ['Sa fille', 'Son frère', 'Un voisin', 'Personne'], 2),
        question('Combien de joueurs compte une équipe de football ?', ['11', '9', '10', '12'], 3),
        question('Combien de côtés compte un hexagone ?', ['6', '5', '7', '8']),
      ]),
    )
    expect(report.onTopic).toEqual([false, true, true, false, false])
    expect(withoutWholeWords('le fournil, le fournil2 et lefournil', 'le fournil')).toBe(' \n , le fournil2 et lefournil')
    expect(withoutWholeWords('le fournil', '')).toBe('le fournil')
    // A letter outside the basic plane touches the name; an emoji does not.
    expect(withoutWholeWords('𝒜le fournil 😀le fournil', 'le fournil')).toBe('𝒜le fournil 😀 \n ')
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
    expect(problemsOf(english)).toEqual(['title has words of the other language: The', 'introduction has words of the other language: for, you'])
    expect(problemsOf(quiz(good), { ...input, gameType: 1 })[0]).toBe('a poll was asked for, not a quiz')
    expect(problemsOf(quiz(good), { ...input, gameLanguage: 'en' })[0]).toBe('the game is in "fr", not "en"')
  })

  it('refuse two questions alike, with the same right answer, or on the same fact', () => {
    const replaced = (index: number, entry: Experience['questions'][number]) => quiz(good.map((other, at) => (at === index ? entry : other)))
    expect(problemsOf(replaced(4, question('Quel pain vendu en boulangerie est inscrit au patrimoine de l’UNESCO ?', undefined, 2)))).toEqual(['questions 1 and 5 are alike'])
    expect(problemsOf(replaced(4, question('Quel pain long pèse environ 250 grammes ?', ['Le pain de campagne', 'La baguette', 'La ficelle', 'Le bâtard'], 1)))).toEqual([
      'questions 1 and 5 have the same right answer',
    ])
    expect(problemsOf(replaced(4, question('Depuis 2022, l’UNESCO protège quel savoir-faire de la baguette ?', ['Son artisanat', 'Sa farine', 'Son prix', 'Sa forme'], 1)))).toEqual([
      'questions 1 and 5 are on the same fact (the second names the answer of the first)',
    ])
    const later = { question: 'Quel pain est né à Paris ?', answer: 'La baguette' }
    expect(repeats({ question: 'Qui cuit la baguette chaque matin ?', answer: 'Le boulanger' }, later)).toBe('are on the same fact (the first gives away the answer of the second)')
  })

  it('refuse a right answer the brief gives away, and more than one question restating the announcement', () => {
    const announcing = { ...input, additionalInformation: 'Notre bûche au praliné revient pour les fêtes. Ouvert le dimanche 24 décembre.' }
    const brief = briefTexts(announcing)
    expect(answeredByBrief({ question: 'Comment s’appelle notre boulangerie ?', answer: 'Le Fournil' }, brief)).toBe(true)
    expect(answeredByBrief({ question: 'Quel est notre métier ?', answer: 'Boulangerie' }, brief)).toBe(true)
    expect(answeredByBrief({ question: 'Notre bûche au praliné revient-elle pour les fêtes ?', answer: 'Oui' }, brief)).toBe(true)
    expect(answeredByBrief({ question: 'Quel pain est inscrit à l’UNESCO ?', answer: 'La baguette' }, brief)).toBe(false)
    expect(restatesAnnouncement({ question: 'Notre bûche au praliné revient pour les fêtes : laquelle choisirez-vous ?' }, brief)).toBe(true)

    const restating = [
      question('Notre bûche au praliné revient pour les fêtes : quel parfum l’accompagne ?', ['La vanille', 'Le café', 'Le citron', 'La menthe']),
      question('Ouvert le dimanche 24 décembre : à quelle heure fermons-nous ?', ['18 h', '12 h', '20 h', '22 h'], 1),
      ...good.slice(2),
    ]
    const problems = problemsOf(quiz(restating), announcing)
    expect(problems).toContain('2 questions restate the announcement (1 at most)')
    expect(problemsOf(quiz([question('Quel est notre métier ?', ['Boulangerie', 'Fleuriste', 'Caviste', 'Primeur']), ...good.slice(1)]))).toEqual([
      'question 1: the brief gives the right answer away',
    ])
  })

  it('demand exactly one right answer among answers of the same kind and comparable length', () => {
    const problems = (answers: string[], correctAnswer = 0) => problemsOf(quiz([...good.slice(0, 4), question('Quel pain fait-on à Noël ?', answers, correctAnswer)]))
    expect(problems(['La fouée', 'la fouée !', 'La brioche', 'Le pain de mie'], 2)).toEqual(['question 5: two answers are the same'])
    expect(problems(['La pompe à l’huile', 'La brioche', 'Toutes les réponses', 'Le pain de mie'])).toEqual(['question 5: an answer points at the others, so more than one may be right'])
    expect(problems(['La baguette', 'La brioche', 'Le pain de mie'], 5)).toEqual(['question 5: no valid right answer'])
    expect(problems(['1998', 'La brioche', 'Le pain de mie'])).toEqual(['question 5: the wrong answers are not of the same kind as the right one'])
    expect(problems(['La fougasse provençale aux olives', 'La fouée', 'Le pavé', 'La tourte'])).toEqual(['question 5: the right answer is the only long one'])
    expect(sameKind(['Oui', 'Non, sauf si le pain est vendu avec un crédit affecté et signé sur place par le client'])).toBe(false)
    expect(sameKind(['4 ans', '2 ans', '10 ans'])).toBe(true)
  })

  it('demand that the additional information shows up in the game', () => {
    const withInformation = { ...input, additionalInformation: 'Notre bûche au praliné revient cette année. Ton chaleureux.' }
    expect(problemsOf(quiz(good), withInformation)).toEqual(['the additional information does not show up in the game'])
    expect(problemsOf(quiz(good, { closingMessage: 'La bûche au praliné vous attend !' }), withInformation)).toEqual([])
    expect(problemsOf(quiz(good), { ...input, additionalInformation: 'Ton décalé, on tutoie.' })).toEqual([])
  })
})
