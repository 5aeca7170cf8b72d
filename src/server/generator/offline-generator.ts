import type { Experience, ExperienceQuestion, GameLanguage, GeneratorRequest } from '#src/features/ai-generator/experience-schema'
import { bank, PLACEHOLDERS, type Bank, type EventNames, type Fact, type LanguageTemplates, type Poll } from './bank'
import { readExtraInformation, type ExtraInformation } from './extra-information'
import { sameKind } from './quality'
import { seededRandom, type Random } from './seeded-random'
import { capitalize, clip, fold } from './text-match'
import { matchTopics, type TopicMatch } from './topics'

/**
 * The generator `npm start` uses when no model is configured. It writes a quiz of true facts about the
 * visitor's trade and event, or a poll of opinion questions about them, from the bank in
 * content/generator/. What the bank does not know is built from the visitor's own words: their trade,
 * their event, the offers and prizes of their additional information, never another trade. The same
 * request always gives the same game.
 */

const QUESTION_COUNT = 5
const MIN_QUESTIONS = 3
/** A trade or an event as an answer or inside a sentence: short enough to read at a glance. */
const LABEL_MAX = 60
const IDENTITY_CANDIDATES = 12
const LIMITS = { title: 120, text: 600, question: 300, answer: 150, explanation: 500 }

type Placeholder = (typeof PLACEHOLDERS)[number]
type Values = Partial<Record<Placeholder, string>>

interface Context {
  language: GameLanguage
  templates: LanguageTemplates
  source: Bank
  random: Random
  match: TopicMatch
  extra: ExtraInformation
  values: Values
}

function fill(template: string, values: Values): string {
  return template.replace(/\{(\w+)\}/g, (_, name: Placeholder) => {
    const value = values[name]
    if (value === undefined) throw new Error(`No value for {${name}} in "${template}"`)
    return value
  })
}

const LEAD_IN = /^(?:nous sommes|je suis|c'est|on est|we are|we're|i am|i'm|it is)\s+/i
const ARTICLE = /^(?:(?:une?|des|la|le|a|an|the)\s+|l['’])/i

/** Beyond this, a label keeps only what comes before its first comma. */
const LABEL_COMMA_CUT = 40

/** The visitor's trade as a short label: its first clause, without "nous sommes une…". */
export function activityLabel(activity: string): string {
  const firstClause = activity.split(/[.;!?\n]|\s[-–—]\s/)[0]!.trim()
  let label = firstClause.replace(LEAD_IN, '').replace(ARTICLE, '').trim()
  if (label.length > LABEL_COMMA_CUT && label.includes(',')) label = label.slice(0, label.indexOf(',')).trim()
  return clip(label || activity.trim(), LABEL_MAX)
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

/** Round-robin over several lists, so two topics alternate rather than one taking every slot. */
function interleave<T>(lists: readonly (readonly T[])[]): T[] {
  const longest = Math.max(0, ...lists.map((items) => items.length))
  return Array.from({ length: longest }, (_, index) => lists.flatMap((items) => (index < items.length ? [items[index]!] : []))).flat()
}

function uniqueBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>()
  return items.filter((item) => {
    const value = fold(key(item))
    if (seen.has(value)) return false
    seen.add(value)
    return true
  })
}

function factQuestion(fact: Fact, random: Random): ExperienceQuestion {
  const answers = random.shuffle([fact.answer, ...fact.distractors.slice(0, 3)])
  return { question: fact.question, answers, correctAnswer: answers.indexOf(fact.answer), explanation: fact.explanation }
}

/** "Which trade is ours?": the visitor's trade among three of other sectors, of similar length. */
function activityIdentity({ source, language, templates, random, values }: Context): ExperienceQuestion | undefined {
  const own = capitalize(values.activity!)
  const candidates = source.activities
    .filter((activity) => !activity.generic && fold(activity.label[language]) !== fold(own))
    .sort((a, b) => Math.abs(a.label[language].length - own.length) - Math.abs(b.label[language].length - own.length))
    .slice(0, IDENTITY_CANDIDATES)
  const sectors = new Set<string>()
  const others = random.shuffle(candidates).filter((activity) => !sectors.has(activity.sector) && Boolean(sectors.add(activity.sector)))
  return identityQuestion(own, others.slice(0, 3).map((activity) => activity.label[language]), templates.activityQuestion, values, random)
}

/** "What is this game for?": the visitor's event among three calendar events. */
function eventIdentity({ source, language, templates, random, values }: Context): ExperienceQuestion | undefined {
  const own = capitalize(values.event!)
  const candidates = source.events
    .flatMap((event) => (event.names ? [capitalize(event.names[language].name)] : []))
    .filter((name) => fold(name) !== fold(own))
    .sort((a, b) => Math.abs(a.length - own.length) - Math.abs(b.length - own.length))
    .slice(0, IDENTITY_CANDIDATES)
  return identityQuestion(own, random.shuffle(candidates).slice(0, 3), templates.eventQuestion, values, random)
}

function identityQuestion(own: string, others: string[], template: { question: string; explanation: string }, values: Values, random: Random): ExperienceQuestion | undefined {
  const answers = random.shuffle([own, ...others])
  if (others.length < 3 || !sameKind(answers)) return undefined
  return { question: fill(template.question, values), answers, correctAnswer: answers.indexOf(own), explanation: fill(template.explanation, values) }
}

const NUMBER = /(?<![\p{L}\d])(\d{1,4})(\s?(?:%|€))?(?![\p{L}\d.,])/u
const MONTH_AFTER = /^\s*(janvier|f[ée]vrier|mars|avril|mai|juin|juillet|ao[uû]t|septembre|octobre|novembre|d[ée]cembre|january|february|march|april|may|june|july|august|september|october|november|december)\b/i

/** Three other plausible values for a figure the visitor gave: a percentage stays a percentage, a day a day. */
function otherNumbers(value: number, suffix: string, after: string, random: Random): number[] {
  const step = Math.max(1, Math.round(value / 4))
  let candidates: number[]
  if (suffix.includes('%')) candidates = [value - 10, value - 5, value + 5, value + 10, value * 2, Math.round(value / 2)].filter((n) => n <= 100)
  else if (MONTH_AFTER.test(after) && value <= 31) candidates = [value - 7, value + 7, value - 3, value + 3].filter((n) => n <= 31)
  else if (value >= 1900 && value <= 2100 && !suffix) candidates = [value - 10, value - 5, value - 2, value + 2]
  else candidates = [value - step, value + step, value * 2, Math.round(value / 2), value + 2 * step]
  return random.shuffle([...new Set(candidates.filter((n) => n > 0 && n !== value))]).slice(0, 3)
}

/** A figure of the announcement to find, or else "true or false". */
function extraQuestion(sentence: string, { templates, random, values }: Context): ExperienceQuestion {
  const found = NUMBER.exec(sentence)
  if (found) {
    const suffix = found[2] ?? ''
    const others = otherNumbers(Number(found[1]), suffix, sentence.slice(found.index + found[0].length), random)
    if (others.length === 3) {
      const right = found[0]
      const answers = random.shuffle([right, ...others.map((n) => `${n}${suffix}`)])
      const blanked = `${sentence.slice(0, found.index)}…${sentence.slice(found.index + right.length)}`
      return {
        question: fill(templates.extraNumber.question, { ...values, sentence: blanked }),
        answers,
        correctAnswer: answers.indexOf(right),
        explanation: fill(templates.extraNumber.explanation, { ...values, sentence }),
      }
    }
  }
  const { question, answers, explanation } = templates.extraTrueFalse
  return { question: fill(question, { ...values, sentence }), answers: [...answers], correctAnswer: 0, explanation: fill(explanation, { ...values, sentence }) }
}

function quizQuestions(context: Context): ExperienceQuestion[] {
  const { match, language, random, templates, extra } = context
  const factsOf = (entries: { facts: Record<GameLanguage, Fact>[] }[]) => interleave(entries.map((entry) => random.shuffle(entry.facts).map((fact) => fact[language])))
  const activityFacts = factsOf(match.activities)
  const eventFacts = factsOf(match.events)
  const topicFacts = random.next() < 0.5 ? [activityFacts, eventFacts] : [eventFacts, activityFacts]
  const facts = uniqueBy([...interleave(topicFacts), ...factsOf(match.season ? [match.season] : [])], (fact) => fact.question)

  const identities = [match.activities.length ? undefined : activityIdentity(context), match.eventKnown ? undefined : eventIdentity(context)].filter(
    (question): question is ExperienceQuestion => question !== undefined,
  )
  const extras = [...extra.announcements, ...extra.prizes].slice(0, 2).map((sentence) => extraQuestion(sentence, context))
  const chosen = [...facts.slice(0, QUESTION_COUNT - identities.length - Math.min(1, extras.length)).map((fact) => factQuestion(fact, random)), ...extras.slice(0, 1)]
  if (identities.length + chosen.length < QUESTION_COUNT && extras[1]) chosen.push(extras[1])
  // Only a request the bank knows nothing about, with no additional information, gets a question about
  // the rules of the visitor's own contest.
  for (const fact of random.shuffle(templates.fallbackFacts)) {
    if (identities.length + chosen.length >= MIN_QUESTIONS) break
    chosen.push(factQuestion({ ...fact, question: fill(fact.question, context.values) }, random))
  }
  return [...identities, ...random.shuffle(chosen)]
}

function pollQuestions(context: Context): ExperienceQuestion[] {
  const { match, language, random, templates, extra, values } = context
  const pollsOf = (entries: { polls: Record<GameLanguage, Poll>[] }[]) => interleave(entries.map((entry) => random.shuffle(entry.polls).map((poll) => poll[language])))
  const filled = (polls: Poll[]) => random.shuffle(polls).map((poll) => ({ question: fill(poll.question, values), answers: [...poll.answers] }))
  const announcement = extra.announcements[0]
  const polls = uniqueBy(
    [
      ...(announcement ? [{ question: fill(templates.extraPoll.question, { ...values, sentence: announcement }), answers: [...templates.extraPoll.answers] }] : []),
      ...interleave([pollsOf(match.activities), pollsOf(match.events)]),
      ...interleave([filled(templates.activityPolls), filled(templates.eventPolls)]),
      ...pollsOf(match.season ? [match.season] : []),
    ],
    (poll) => poll.question,
  )
  return random.shuffle(polls.slice(0, QUESTION_COUNT))
}

function eventNames(match: TopicMatch, templates: LanguageTemplates, language: GameLanguage, event: string): EventNames {
  const known = match.namedEvent?.names?.[language]
  if (known) return known
  return { name: fill(templates.unknownEvent.name, { event }), of: fill(templates.unknownEvent.of, { event }) }
}

export function generateOffline(input: GeneratorRequest, source: Bank = bank): Experience {
  const language = input.gameLanguage
  const templates = source.templates[language]
  const kind = input.gameType === 0 ? 'quiz' : 'poll'
  const match = matchTopics(input, source)
  const extra = readExtraInformation(input.additionalInformation, source)
  const event = clip(oneLine(input.event), LABEL_MAX)
  const names = eventNames(match, templates, language, event)
  // A catch-all entry ("craft", "shop") names the trade less well than the visitor did.
  const precise = match.activities.find((entry) => !entry.generic)
  const activity = precise?.label[language] ?? activityLabel(input.companyActivity)
  const values: Values = {
    company: oneLine(input.companyName),
    activity,
    Activity: capitalize(activity),
    event,
    eventName: names.name,
    Event: capitalize(names.name),
    eventOf: names.of,
  }
  const seed = JSON.stringify([input.companyName, input.companyActivity, input.event, input.additionalInformation ?? '', input.gameType, language].map((field) => (typeof field === 'string' ? oneLine(field) : field)))
  const random = seededRandom(seed)
  const context: Context = { language, templates, source, random, match, extra, values }

  const questions = (kind === 'quiz' ? quizQuestions(context) : pollQuestions(context)).map((question) => ({
    ...question,
    question: clip(question.question, LIMITS.question),
    answers: question.answers.map((answer) => clip(answer, LIMITS.answer)),
    ...(question.explanation ? { explanation: clip(question.explanation, LIMITS.explanation) } : {}),
  }))
  const withCount = { ...values, count: String(questions.length) }
  const reminder = extra.prizes[0] ?? extra.announcements[0]
  return {
    kind,
    language,
    title: clip(fill(random.pick(templates.title[kind]), withCount), LIMITS.title),
    introduction: clip([fill(random.pick(templates.introduction[kind][extra.tone]), withCount), ...extra.prizes].join(' '), LIMITS.text),
    questions,
    closingMessage: clip([fill(random.pick(templates.closing[kind][extra.tone]), withCount), ...(reminder ? [fill(templates.reminder, { ...withCount, sentence: reminder })] : [])].join(' '), LIMITS.text),
  }
}
