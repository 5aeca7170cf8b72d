import type { Experience, ExperienceQuestion, GameLanguage, GeneratorRequest } from '#src/features/ai-generator/experience-schema'
import { bank, type Bank } from './bank'
import { readExtraInformation } from './extra-information'
import { matchTopics, meaningfulStems, type TopicMatch } from './topics'
import { allDistinct, comparable, fold, KeywordIndex, sentences, stems, type Keyword } from './text-match'

/**
 * The checks every game passes before a visitor sees it, whoever wrote it (the offline writer or a
 * model), and that the corpus test and the bench measure:
 * - it is the kind of game and the language asked for, with exactly five questions, and every visible
 *   string is in that language;
 * - each question is about the trade, the event or the visitor's additional information;
 * - each question teaches something: its right answer is not the visitor's own text, at most one question
 *   restates their announcement, no two questions share a fact or a right answer;
 * - a quiz question has exactly one right answer among answers of the same kind and comparable length, and
 *   the right answer moves from one question to the next;
 * - the additional information shows up in the game.
 */

export type GameRequest = Pick<GeneratorRequest, 'companyName' | 'companyActivity' | 'event' | 'additionalInformation' | 'gameType' | 'gameLanguage'>

/** The number of questions the page promises. */
export const QUESTION_COUNT = 5
/** Share of on-topic questions below which a game is refused (one question in five may be general). */
const MIN_ON_TOPIC_SHARE = 0.8
const DUPLICATE_SIMILARITY = 0.75
/** Answers of one question are of the same kind: none more than three times (plus a little) longer than another. */
const LENGTH_RATIO = 3
const LENGTH_SLACK = 15
/** The right answer may be the longest, but not by far: players would spot it without knowing. */
const LONE_LONG_RATIO = 1.5
const LONE_LONG_SLACK = 5
/** Consecutive words of an announcement that make a question a restatement of it. */
const RESTATED_RUN = 4
const MAX_RESTATEMENTS = 1
const AMBIGUOUS_ANSWER = /\b(toutes les réponses|aucune des réponses|all of the above|none of the above)\b/i
const YES_NO = new Set(['vrai', 'faux', 'oui', 'non', 'true', 'false', 'yes', 'no'])
/** Answers too common to give another question away when they appear in it ("Deux", "Trois"). */
const NUMBER_WORDS = new Set(
  'un une deux trois quatre cinq six sept huit neuf dix onze douze vingt trente cent mille one two three four five seven eight nine ten eleven twelve twenty thirty hundred thousand'.split(' '),
)

interface TopicTerms {
  /** The folded company name as whole words: naming the company does not make a question about its trade. */
  company: string
  /** Keywords and vocabulary of the bank entries the request matched. */
  keywords: KeywordIndex<Keyword>
  /** Meaningful stems of what the visitor typed as activity, event and additional information. */
  visitorStems: Set<string>
  /** Folded questions of the general facts and polls: on topic when the bank knows nothing of the request. */
  general: Set<string>
}

export interface QualityReport {
  /** Empty when the game may be shown. */
  problems: string[]
  /** For each question, whether it is about the activity, the event or the additional information. */
  onTopic: boolean[]
  /** For each question, whether it teaches something: not answered by the brief, not a repeat of another. */
  informative: boolean[]
}

const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u

/** The code point that ends just before `index` (a pair of UTF-16 units outside the basic plane). */
function codePointBefore(text: string, index: number): string {
  if (index < 1) return ''
  const pair = index >= 2 ? text.codePointAt(index - 2) : undefined
  return pair !== undefined && pair > 0xffff ? String.fromCodePoint(pair) : text.charAt(index - 1)
}

/**
 * `text` with each occurrence of `name` as whole words (no letter or digit touching it) replaced by a line
 * break. A scan rather than a regular expression: one with `\p{L}` built for each company name cost the
 * quality check about a millisecond a game to compile.
 */
export function withoutWholeWords(text: string, name: string): string {
  if (!name) return text
  let kept = ''
  let from = 0
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + 1)) {
    const end = at + name.length
    const after = text.codePointAt(end)
    if (LETTER_OR_DIGIT.test(codePointBefore(text, at)) || (after !== undefined && LETTER_OR_DIGIT.test(String.fromCodePoint(after)))) continue
    kept += `${text.slice(from, at)} \n `
    from = end
    at = end - 1
  }
  return kept + text.slice(from)
}

function topicTerms(input: GameRequest, match: TopicMatch, source: Bank): TopicTerms {
  const sectors = [...match.sectors, ...(match.eventSector ? [match.eventSector] : [])]
  const general = match.sectors.length ? [] : [...source.general.facts, ...source.general.polls].flatMap((item) => [item.fr.question, item.en.question])
  return {
    company: fold(input.companyName.trim()),
    keywords: new KeywordIndex(
      [
        ...sectors.flatMap((sector) => [...sector.vocabulary, ...sector.trades.flatMap((trade) => [...trade.keywords, ...trade.vocabulary])]),
        ...(match.event ? [...match.event.keywords, ...match.event.vocabulary] : []),
      ],
      (keyword) => [keyword],
    ),
    visitorStems: new Set([input.companyActivity, input.event, input.additionalInformation ?? ''].flatMap((text) => meaningfulStems(text, source))),
    general: new Set(general.map(comparable)),
  }
}

/** A question is on topic when its text or one of its answers names the trade, the event or the visitor's words. */
function isOnTopic(question: ExperienceQuestion, terms: TopicTerms): boolean {
  if (terms.general.has(comparable(question.question))) return true
  const text = fold([question.question, ...question.answers].join(' \n '))
  const textStems = stems(withoutWholeWords(text, terms.company))
  return textStems.some((word) => terms.visitorStems.has(word)) || terms.keywords.has(textStems)
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

/** Stems of the words that carry meaning, in order ("Le 21 juin" → ["21", "juin"]). */
function contentStems(text: string, source: Bank): string[] {
  return stems(text).filter((word) => !source.stopWords.has(word) && (word.length > 1 || /\d/.test(word)))
}

function similarity(a: Set<string>, b: Set<string>): number {
  const shared = [...a].filter((word) => b.has(word)).length
  const union = new Set([...a, ...b]).size
  return union === 0 ? 1 : shared / union
}

/** Where `part` occurs as consecutive items of `whole`, or -1. */
function indexOfRun(whole: readonly string[], part: readonly string[]): number {
  if (part.length === 0) return -1
  for (let start = 0; start + part.length <= whole.length; start++) if (part.every((item, offset) => whole[start + offset] === item)) return start
  return -1
}

/** Answers of one kind: all with figures or none, and of comparable length. */
export function sameKind(answers: readonly string[]): boolean {
  const withDigits = answers.filter((answer) => /\d/.test(answer)).length
  if (withDigits !== 0 && withDigits !== answers.length) return false
  const lengths = answers.map((answer) => answer.length)
  return Math.max(...lengths) <= LENGTH_RATIO * Math.min(...lengths) + LENGTH_SLACK
}

/** The right answer stands out as the only long one. */
export function rightAnswerStandsOut(answers: readonly string[], correctAnswer: number): boolean {
  const right = answers[correctAnswer]?.length ?? 0
  const longestWrong = Math.max(0, ...answers.filter((_, index) => index !== correctAnswer).map((answer) => answer.length))
  return right > LONE_LONG_RATIO * longestWrong + LONE_LONG_SLACK
}

/** What a question is judged on, whether a bank fact being chosen or a question of a finished game. */
export interface QuestionText {
  question: string
  /** The right answer of a quiz question; absent for a poll. */
  answer?: string
  explanation?: string
}

/** The visitor's own texts as content stems: company, activity, event, and each sentence of the additional information. */
export interface BriefTexts {
  fields: string[][]
  announcements: string[][]
}

export function briefTexts(input: Pick<GeneratorRequest, 'companyName' | 'companyActivity' | 'event' | 'additionalInformation'>, source: Bank = bank): BriefTexts {
  return {
    fields: [input.companyName, input.companyActivity, input.event].map((text) => contentStems(text, source)).filter((field) => field.length > 0),
    announcements: sentences(input.additionalInformation ?? '').map((sentence) => contentStems(sentence, source)).filter((sentence) => sentence.length > 0),
  }
}

/** The question quotes the visitor's announcement: a whole short sentence of it, or four of its words in a row. */
export function restatesAnnouncement(question: QuestionText, brief: BriefTexts, source: Bank = bank): boolean {
  const text = contentStems(question.question, source)
  return brief.announcements.some((sentence) => {
    const run = Math.min(RESTATED_RUN, sentence.length)
    if (run < 2) return false
    for (let start = 0; start + run <= sentence.length; start++) if (indexOfRun(text, sentence.slice(start, start + run)) >= 0) return true
    return false
  })
}

/**
 * The brief gives the right answer away: it is the visitor's company, activity or event, a run of words of
 * them, or a figure or yes/no taken from the announcement the question quotes.
 */
export function answeredByBrief(question: QuestionText, brief: BriefTexts, source: Bank = bank): boolean {
  if (question.answer === undefined) return false
  const answer = contentStems(question.answer, source)
  if (answer.length === 0) return false
  const own = (text: string[]) => (answer.length === text.length || answer.length >= 2) && indexOfRun(text, answer) >= 0
  if ([...brief.fields, ...brief.announcements].some(own)) return true
  if (!restatesAnnouncement(question, brief, source)) return false
  return answer.every((word) => YES_NO.has(word)) || brief.announcements.some((sentence) => answer.every((word) => sentence.includes(word)))
}

/** Content stems of a right answer specific enough that seeing them elsewhere gives it away. */
function telltale(answer: string | undefined, source: Bank): string[] | undefined {
  if (answer === undefined) return undefined
  const answerStems = contentStems(answer, source)
  const specific = answerStems.some((word) => (/^\d+$/.test(word) ? word.length >= 2 : word.length >= 4 && !NUMBER_WORDS.has(word)))
  return specific ? answerStems : undefined
}

/** Why `later` repeats `earlier` (same wording, same right answer, or one gives the other's answer away), if it does. */
export function repeats(earlier: QuestionText, later: QuestionText, source: Bank = bank): string | undefined {
  const earlierWords = contentStems(earlier.question, source)
  const laterWords = contentStems(later.question, source)
  if (similarity(new Set(earlierWords), new Set(laterWords)) >= DUPLICATE_SIMILARITY) return 'are alike'
  if (earlier.answer !== undefined && later.answer !== undefined && comparable(earlier.answer) === comparable(later.answer)) return 'have the same right answer'
  const earlierAnswer = telltale(earlier.answer, source)
  const laterAnswer = telltale(later.answer, source)
  if (earlierAnswer && indexOfRun(laterWords, earlierAnswer) >= 0) return 'are on the same fact (the second names the answer of the first)'
  if (laterAnswer && (indexOfRun(earlierWords, laterAnswer) >= 0 || indexOfRun(contentStems(earlier.explanation ?? '', source), laterAnswer) >= 0)) {
    return 'are on the same fact (the first gives away the answer of the second)'
  }
  return undefined
}

const asText = (question: ExperienceQuestion): QuestionText => ({
  question: question.question,
  ...(question.correctAnswer === undefined ? {} : { answer: question.answers[question.correctAnswer] ?? '' }),
  ...(question.explanation ? { explanation: question.explanation } : {}),
})

function questionProblems(question: ExperienceQuestion, kind: Experience['kind'], label: string): string[] {
  const problems: string[] = []
  if (!allDistinct(question.answers)) problems.push(`${label}: two answers are the same`)
  if (kind === 'poll') {
    if (question.correctAnswer !== undefined) problems.push(`${label}: a poll question has no right answer`)
    return problems
  }
  if (question.correctAnswer === undefined || !Number.isInteger(question.correctAnswer) || question.correctAnswer < 0 || question.correctAnswer >= question.answers.length) {
    problems.push(`${label}: no valid right answer`)
  } else if (rightAnswerStandsOut(question.answers, question.correctAnswer)) {
    problems.push(`${label}: the right answer is the only long one`)
  }
  if (question.answers.some((answer) => AMBIGUOUS_ANSWER.test(answer))) problems.push(`${label}: an answer points at the others, so more than one may be right`)
  if (!sameKind(question.answers)) problems.push(`${label}: the wrong answers are not of the same kind as the right one`)
  if (!question.explanation) problems.push(`${label}: a quiz question needs its explanation`)
  return problems
}

/** True when at least two meaningful words of some additional-information sentence appear in the game. */
function usesExtraInformation(input: GameRequest, experience: Experience, source: Bank): boolean {
  const { prizes, announcements } = readExtraInformation(input.additionalInformation, source)
  const sentenceStems = [...prizes, ...announcements].map((sentence) => new Set(meaningfulStems(sentence, source))).filter((set) => set.size > 0)
  if (sentenceStems.length === 0) return true
  const shown = visibleStrings(experience).map(([, text]) => new Set(stems(text)))
  return sentenceStems.some((sentence) => shown.some((text) => [...sentence].filter((word) => text.has(word)).length >= Math.min(2, sentence.size)))
}

export function assessExperience(input: GameRequest, experience: Experience, source: Bank = bank): QualityReport {
  const problems: string[] = []
  const expectedKind = input.gameType === 0 ? 'quiz' : 'poll'
  if (experience.kind !== expectedKind) problems.push(`a ${expectedKind} was asked for, not a ${experience.kind}`)
  if (experience.language !== input.gameLanguage) problems.push(`the game is in "${experience.language}", not "${input.gameLanguage}"`)
  if (experience.questions.length !== QUESTION_COUNT) problems.push(`the game has ${experience.questions.length} questions, not ${QUESTION_COUNT}`)

  const fields = visitorFields(input)
  for (const [label, text] of visibleStrings(experience)) {
    const foreign = foreignWords(text, input.gameLanguage, fields, source)
    if (foreign.length) problems.push(`${label} has words of the other language: ${foreign.join(', ')}`)
  }

  experience.questions.forEach((question, index) => problems.push(...questionProblems(question, experience.kind, `question ${index + 1}`)))
  const positions = experience.questions.map((question) => question.correctAnswer)
  if (experience.kind === 'quiz' && positions.length >= 3 && positions.every((position) => position === positions[0])) {
    problems.push(`the right answer is always answer ${(positions[0] ?? 0) + 1}`)
  }

  const brief = briefTexts(input, source)
  const texts = experience.questions.map(asText)
  const informative = texts.map(() => true)
  texts.forEach((text, index) => {
    if (experience.kind === 'quiz' && answeredByBrief(text, brief, source)) {
      informative[index] = false
      problems.push(`question ${index + 1}: the brief gives the right answer away`)
    }
    texts.slice(0, index).forEach((earlier, earlierIndex) => {
      const why = repeats(earlier, text, source)
      if (!why) return
      informative[index] = false
      problems.push(`questions ${earlierIndex + 1} and ${index + 1} ${why}`)
    })
  })
  const restatements = texts.filter((text) => restatesAnnouncement(text, brief, source)).length
  if (restatements > MAX_RESTATEMENTS) problems.push(`${restatements} questions restate the announcement (${MAX_RESTATEMENTS} at most)`)

  const terms = topicTerms(input, matchTopics(input, source), source)
  const onTopic = experience.questions.map((question) => isOnTopic(question, terms))
  const share = onTopic.filter(Boolean).length / Math.max(1, onTopic.length)
  if (share < MIN_ON_TOPIC_SHARE) {
    problems.push(`only ${onTopic.filter(Boolean).length} of ${onTopic.length} questions are about the activity, the event or the additional information`)
  }
  if (!usesExtraInformation(input, experience, source)) problems.push('the additional information does not show up in the game')
  return { problems, onTopic, informative }
}
