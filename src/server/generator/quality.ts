import type { Experience, ExperienceQuestion, GameLanguage, GeneratorRequest } from '#src/features/ai-generator/experience-schema'
import { bank, type Bank } from './bank'
import { readExtraInformation } from './extra-information'
import { matchTopics, type TopicMatch } from './topics'
import { findKeyword, fold, stem, stems, words, type Keyword } from './text-match'

/**
 * The checks every game passes before a visitor sees it, whoever wrote it (the offline writer or a
 * model), and that the corpus test and the bench measure:
 * - it is the kind of game and the language asked for, and every visible string is in that language;
 * - each question is about the trade, the event or the visitor's additional information;
 * - no two questions alike; a quiz question has exactly one right answer among answers of the same kind;
 * - the additional information shows up in the game.
 */

export type GameRequest = Pick<GeneratorRequest, 'companyName' | 'companyActivity' | 'event' | 'additionalInformation' | 'gameType' | 'gameLanguage'>

/** Share of on-topic questions below which a game is refused (one question in five may be general). */
const MIN_ON_TOPIC_SHARE = 0.8
const DUPLICATE_SIMILARITY = 0.75
/** Answers of one question are of the same kind: none more than three times (plus a little) longer than another. */
const LENGTH_RATIO = 3
const LENGTH_SLACK = 15
const MIN_VISITOR_WORD = 3
const AMBIGUOUS_ANSWER = /\b(toutes les réponses|aucune des réponses|all of the above|none of the above)\b/i

interface TopicTerms {
  /** The folded company name as whole words: naming the company does not make a question about its trade. */
  company: RegExp | undefined
  /** Keywords and vocabulary of the bank entries the request matched. */
  keywords: Keyword[]
  /** Meaningful stems of what the visitor typed as activity, event and additional information. */
  visitorStems: Set<string>
}

export interface QualityReport {
  /** Empty when the game may be shown. */
  problems: string[]
  /** For each question, whether it is about the activity, the event or the additional information. */
  onTopic: boolean[]
}

function meaningfulStems(text: string, source: Bank): string[] {
  const candidates = words(text).filter((word) => !source.stopWords.has(word) && (word.length >= MIN_VISITOR_WORD || /^\d{2,}$/.test(word)))
  const precise = candidates.filter((word) => !source.genericWords.has(word))
  // "Lancement de notre offre" has only vague words, but they are still the visitor's event.
  return (precise.length ? precise : candidates).map(stem)
}

function wholeWords(text: string): RegExp | undefined {
  if (!text) return undefined
  return new RegExp(`(?<![\\p{L}\\p{N}])${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'gu')
}

function topicTerms(input: GameRequest, match: TopicMatch = matchTopics(input), source: Bank = bank): TopicTerms {
  const entries = [...match.activities, ...match.events, ...(match.season ? [match.season] : [])]
  return {
    company: wholeWords(fold(input.companyName.trim())),
    keywords: entries.flatMap((entry) => [...entry.keywords, ...entry.vocabulary]),
    visitorStems: new Set([input.companyActivity, input.event, input.additionalInformation ?? ''].flatMap((text) => meaningfulStems(text, source))),
  }
}

/** A question is on topic when its text or one of its answers names the trade, the event or the visitor's words. */
function isOnTopic(question: ExperienceQuestion, terms: TopicTerms): boolean {
  const text = fold([question.question, ...question.answers].join(' \n '))
  const textStems = stems(terms.company ? text.replace(terms.company, ' \n ') : text)
  return textStems.some((word) => terms.visitorStems.has(word)) || terms.keywords.some((keyword) => findKeyword(textStems, keyword) >= 0)
}

/** Every string a player reads, labelled for the problem messages. */
function visibleStrings(experience: Experience): [string, string][] {
  return [
    ['title', experience.title],
    ['introduction', experience.introduction],
    ...experience.questions.flatMap((question, index): [string, string][] => [
      [`question ${index + 1}`, question.question],
      ...question.answers.map((answer, answerIndex): [string, string] => [`question ${index + 1} answer ${answerIndex + 1}`, answer]),
      ...(question.explanation ? [[`question ${index + 1} explanation`, question.explanation] as [string, string]] : []),
    ]),
    ['closing message', experience.closingMessage],
  ]
}

interface Token {
  raw: string
  /** Lower case, accents kept: "thé" is not "the". */
  lower: string
  folded: string
  /** First word of a sentence (or of the string, or after a colon). */
  sentenceStart: boolean
}

const QUOTED = /«[^»]*»|“[^”]*”|"[^"]*"/g
/** A hyphenated compound ("fleur-de-lis", "prêt-à-porter") is one word, whatever its parts. */
const WORD_OR_STOP = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*|[.!?:;|…]/gu

function tokenize(text: string): Token[][] {
  const sentencesOfTokens: Token[][] = [[]]
  for (const [piece] of text.replace(QUOTED, ' | ').matchAll(WORD_OR_STOP)) {
    if (/^[.!?:;|…]$/.test(piece)) sentencesOfTokens.push([])
    else {
      const current = sentencesOfTokens.at(-1)!
      current.push({ raw: piece, lower: piece.toLocaleLowerCase('fr'), folded: fold(piece), sentenceStart: current.length === 0 })
    }
  }
  return sentencesOfTokens.filter((sentence) => sentence.length > 0)
}

/** The words of each field the visitor typed, as the language check reads them. */
export function visitorFields(input: GameRequest): string[][] {
  return [input.companyName, input.companyActivity, input.event, input.additionalInformation ?? ''].map((field) => tokenize(field).flat().map((token) => token.folded))
}

/**
 * Tokens that repeat what the visitor typed: a whole field, or a run of at least two of its words with
 * one that is not a small word ("Boulangerie de la Gare", not a bare "de la").
 */
function typedByVisitor(sentence: Token[], fields: string[][], markers: Set<string>): boolean[] {
  const owned = sentence.map(() => false)
  for (const field of fields) {
    for (let start = 0; start < sentence.length; start++) {
      for (let fieldStart = 0; fieldStart < field.length; fieldStart++) {
        let length = 0
        while (start + length < sentence.length && fieldStart + length < field.length && sentence[start + length]!.folded === field[fieldStart + length]) length++
        const run = sentence.slice(start, start + length)
        if (length === field.length || (length >= 2 && run.some((token) => !markers.has(token.lower)))) run.forEach((_, offset) => (owned[start + offset] = true))
      }
    }
  }
  return owned
}

const isCapitalized = (token: Token | undefined) => token !== undefined && /^\p{Lu}/u.test(token.raw)

/**
 * Words of the other language in a visible string. Not counted: text in quotation marks, the visitor's
 * own words, and proper names ("Tour de France", "Le Procope", "La Réunion" in the middle of a sentence).
 */
export function foreignWords(text: string, language: GameLanguage, fields: string[][], source: Bank = bank): string[] {
  const markers = source.markers[language === 'fr' ? 'en' : 'fr']
  const found: string[] = []
  for (const sentence of tokenize(text)) {
    const isConnector = (token: Token | undefined) => token !== undefined && !isCapitalized(token) && markers.has(token.lower)
    const owned = typedByVisitor(sentence, fields, markers)
    sentence.forEach((token, index) => {
      if (!markers.has(token.lower) || owned[index]) return
      // "Tour de France", "Fête de la Musique": small words between two capitalised ones belong to a name.
      let before = index - 1
      while (isConnector(sentence[before])) before--
      let after = index + 1
      while (isConnector(sentence[after])) after++
      const partOfName = isCapitalized(token) ? isCapitalized(sentence[index + 1]) || !token.sentenceStart : isCapitalized(sentence[before]) && isCapitalized(sentence[after])
      if (!partOfName) found.push(token.raw)
    })
  }
  return found
}

function contentStems(text: string, source: Bank): Set<string> {
  return new Set(stems(text).filter((word) => !source.stopWords.has(word) && word.length > 1))
}

function similarity(a: Set<string>, b: Set<string>): number {
  const shared = [...a].filter((word) => b.has(word)).length
  const union = new Set([...a, ...b]).size
  return union === 0 ? 1 : shared / union
}

/** Answers of one kind: all with figures or none, and of comparable length. */
export function sameKind(answers: readonly string[]): boolean {
  const withDigits = answers.filter((answer) => /\d/.test(answer)).length
  if (withDigits !== 0 && withDigits !== answers.length) return false
  const lengths = answers.map((answer) => answer.length)
  return Math.max(...lengths) <= LENGTH_RATIO * Math.min(...lengths) + LENGTH_SLACK
}

function questionProblems(question: ExperienceQuestion, kind: Experience['kind'], label: string): string[] {
  const problems: string[] = []
  const folded = question.answers.map((answer) => fold(answer).replace(/[^\p{L}\p{N}]+/gu, ' ').trim())
  if (new Set(folded).size !== folded.length) problems.push(`${label}: two answers are the same`)
  if (kind === 'poll') {
    if (question.correctAnswer !== undefined) problems.push(`${label}: a poll question has no right answer`)
    return problems
  }
  if (question.correctAnswer === undefined || !Number.isInteger(question.correctAnswer) || question.correctAnswer < 0 || question.correctAnswer >= question.answers.length) {
    problems.push(`${label}: no valid right answer`)
  }
  if (question.answers.some((answer) => AMBIGUOUS_ANSWER.test(answer))) problems.push(`${label}: an answer points at the others, so more than one may be right`)
  if (!sameKind(question.answers)) problems.push(`${label}: the wrong answers are not of the same kind as the right one`)
  if (!question.explanation) problems.push(`${label}: a quiz question needs its explanation`)
  return problems
}

/** True when at least two meaningful words of some additional-information sentence appear in the game. */
function usesExtraInformation(input: GameRequest, experience: Experience, source: Bank): boolean {
  const { prizes, announcements } = readExtraInformation(input.additionalInformation, source)
  const sentences = [...prizes, ...announcements].map((sentence) => new Set(meaningfulStems(sentence, source))).filter((set) => set.size > 0)
  if (sentences.length === 0) return true
  const shown = visibleStrings(experience).map(([, text]) => new Set(stems(text)))
  return sentences.some((sentence) => shown.some((text) => [...sentence].filter((word) => text.has(word)).length >= Math.min(2, sentence.size)))
}

export function assessExperience(input: GameRequest, experience: Experience, source: Bank = bank): QualityReport {
  const problems: string[] = []
  const expectedKind = input.gameType === 0 ? 'quiz' : 'poll'
  if (experience.kind !== expectedKind) problems.push(`a ${expectedKind} was asked for, not a ${experience.kind}`)
  if (experience.language !== input.gameLanguage) problems.push(`the game is in "${experience.language}", not "${input.gameLanguage}"`)

  const fields = visitorFields(input)
  for (const [label, text] of visibleStrings(experience)) {
    const foreign = foreignWords(text, input.gameLanguage, fields, source)
    if (foreign.length) problems.push(`${label} has words of the other language: ${foreign.join(', ')}`)
  }

  experience.questions.forEach((question, index) => problems.push(...questionProblems(question, experience.kind, `question ${index + 1}`)))

  const signatures = experience.questions.map((question) => contentStems(question.question, source))
  signatures.forEach((signature, index) => {
    const twin = signatures.findIndex((other, otherIndex) => otherIndex < index && similarity(signature, other) >= DUPLICATE_SIMILARITY)
    if (twin >= 0) problems.push(`questions ${twin + 1} and ${index + 1} are alike`)
  })

  const terms = topicTerms(input, matchTopics(input, source), source)
  const onTopic = experience.questions.map((question) => isOnTopic(question, terms))
  const share = onTopic.filter(Boolean).length / Math.max(1, onTopic.length)
  if (share < MIN_ON_TOPIC_SHARE) {
    problems.push(`only ${onTopic.filter(Boolean).length} of ${onTopic.length} questions are about the activity, the event or the additional information`)
  }
  if (!usesExtraInformation(input, experience, source)) problems.push('the additional information does not show up in the game')
  return { problems, onTopic }
}
