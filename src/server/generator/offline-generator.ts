import { GAME_LANGUAGES, type Experience, type ExperienceQuestion, type GameLanguage, type GeneratorRequest } from '#src/features/ai-generator/experience-schema'
import { bank, sayings, type Bank, type CalendarEvent, type EventNames, type Fact, type FactText, type LanguageTemplates, type Origin, type Poll, type PollText, type Sector } from './bank'
import type { Placeholder } from './placeholders'
import { readExtraInformation, type ExtraInformation } from './extra-information'
import { answeredByBrief, briefTexts, QUESTION_COUNT, repeats, type BriefTexts, type QuestionText } from './quality'
import { seededRandom, type Random } from './seeded-random'
import { capitalize, clip, mentionsAny } from './text-match'
import { matchTopics, worldsNamedIn, type TopicMatch } from './topics'

/**
 * The generator `npm start` uses when no model is configured. It writes a quiz of sourced facts about the
 * visitor's trade (or its sector) and event, or a poll of opinion questions about them, from the bank in
 * content/generator/. A trade the bank does not name gets the facts of the nearest sector by its words; an
 * event it does not name, the facts its words point at, or the sector's. Only when nothing matches does a
 * game fall back to the event and general facts, never to another sector's. It never asks what the brief
 * answers (the visitor's company, trade, event or announcement); the same request always gives the same game.
 */

/** A trade or an event as a label or inside a sentence: short enough to read at a glance. */
const LABEL_MAX = 60
const LIMITS = { title: 120, text: 600, question: 300, answer: 150, explanation: 500 }
const ANSWER_SLOTS = 4
/**
 * How many of five facts an event gets beside the trade's: two or three when it belongs to the visitor's
 * world, one for a moment of the business (open day) or an event of another world (back to school at a
 * climbing gym), two for an event known only by its words.
 */
const EVENT_SHARE = { precise: [2, 3], aside: [1, 1], words: [2, 2] } as const

/** Where a question of a game comes from, for the measure of how much of it is about the brief. */
export type QuestionOrigin = Origin | { kind: 'template' } | { kind: 'announcement' }

export interface ComposedGame {
  experience: Experience
  origins: QuestionOrigin[]
}

type Values = Partial<Record<Placeholder, string>>

interface Context {
  language: GameLanguage
  templates: LanguageTemplates
  random: Random
  match: TopicMatch
  extra: ExtraInformation
  brief: BriefTexts
  values: Values
  source: Bank
  /** The visitor sells to other businesses. */
  businessClients: boolean
  /** The visitor's trade accompanies mourning (a funeral home): nothing festive. */
  mourning: boolean
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

/** Items sharing the most words with `focus` first; the seeded shuffle orders the rest. */
function rank<T extends { stems: Set<string> }>(items: readonly T[], focus: ReadonlySet<string>, random: Random): T[] {
  const overlap = (item: T) => [...focus].filter((word) => item.stems.has(word)).length
  return random
    .shuffle(items)
    .map((item) => ({ item, score: overlap(item) }))
    .sort((a, b) => b.score - a.score)
    .map(({ item }) => item)
}

const union = (...sets: ReadonlySet<string>[]) => new Set(sets.flatMap((set) => [...set]))

/**
 * Items of the trades an unnamed activity's words are near that come before the whole sector's: a sorbet maker
 * gets ice cream, an oyster bar oysters. Two only: a trade found by one of the activity's words may be a guess.
 */
const NEAR_TRADE_LEAD = 2

interface Streams<T> {
  /** The visitor's trades, then two items of the trades their words are near, their whole sector, the rest. */
  own: T[]
  /** The event's, or those of the sector its words point at; `quota` of them come before the trade's. */
  event: T[]
  quota: number
  /** Other trades of the visitor's sector: better than nothing, after everything above. */
  sameSector: T[]
}

const worldsOfItems = new WeakMap<Fact | Poll, Set<string>>()

/** The sectors whose words a fact or a poll holds, in either language, in its question, answers or explanation. */
function worldsSpokenOf(item: Fact | Poll, source: Bank): Set<string> {
  let worlds = worldsOfItems.get(item)
  if (!worlds) {
    worlds = new Set(GAME_LANGUAGES.flatMap((language) => sayings(item[language])).flatMap((text) => [...worldsNamedIn(text, source)]))
    worldsOfItems.set(item, worlds)
  }
  return worlds
}

/** The facts (or polls) of a request, in the order the game takes them. */
function streams<T extends Fact | Poll>(match: TopicMatch, random: Random, itemsOf: (holder: Sector | CalendarEvent) => T[], source: Bank): Streams<T> {
  const focus = union(match.words.event, match.words.extra)
  const named = new Set(match.trades.map((trade) => trade.id))
  const near = new Set(match.nearTrades.map((trade) => trade.id))
  const sectorItems = match.sectors.flatMap(itemsOf)
  const about = (ids: Set<string>) => (item: T) => item.trades.some((trade) => ids.has(trade))
  const nearItems = rank(sectorItems.filter(about(near)), union(focus, match.words.activity), random)
  const own = [
    ...rank(sectorItems.filter(about(named)), focus, random),
    ...nearItems.slice(0, NEAR_TRADE_LEAD),
    ...rank(
      sectorItems.filter((item) => item.trades.length === 0),
      focus,
      random,
    ),
    ...nearItems.slice(NEAR_TRADE_LEAD),
  ]
  const sameSector = rank(
    sectorItems.filter((item) => item.trades.length > 0 && !about(named)(item) && !about(near)(item)),
    union(focus, match.words.activity),
    random,
  )
  let event: T[] = []
  let share: readonly number[] = [0, 0]
  if (match.event) {
    event = rank(itemsOf(match.event), union(match.words.activity, match.words.extra), random)
    const ours = match.event.sectors.length === 0 || match.sectors.some((sector) => match.event!.sectors.includes(sector.id))
    if (!ours) {
      // A business outside the event's worlds gets first what the event means for everyone: at the rentrée, a
      // climbing gym asks about the end of the holidays or the literary season, not the age of compulsory school.
      const speaksOfWorlds = (item: T) => match.event!.sectors.some((world) => worldsSpokenOf(item, source).has(world))
      event = [...event.filter((item) => !speaksOfWorlds(item)), ...event.filter(speaksOfWorlds)]
    }
    share = match.event.kind === 'business' || !ours ? EVENT_SHARE.aside : EVENT_SHARE.precise
  } else if (match.eventSector) {
    // "Journée mondiale de l'abeille" at a bakery: the facts of beekeeping that speak of bees, not all of farming.
    // With no sector of its own, the visitor's world is the one its event speaks of: all of it, closest first, then
    // what is true of the whole sector before its trades' (a fencing hall's "Championnat d'escrime" asks about
    // sport, not about yoga or sailing). Not for an industry no sector covers: "Site safety week" at a chemical
    // plant is not about building. In the visitor's own sector, its facts that speak of the event come first,
    // whatever trade they are filed under: "Octobre rose" at a radiology practice asks about breast screening
    // before the Sécurité sociale.
    const wordsOfEvent = match.words.event
    const items = itemsOf(match.eventSector)
    const speaksOfEvent = (item: T) => [...wordsOfEvent].some((word) => item.stems.has(word))
    const ownWorld = match.sectors.length > 0 || match.uncovered
    const others = items.filter((item) => !speaksOfEvent(item))
    event = [
      ...rank(items.filter(speaksOfEvent), wordsOfEvent, random),
      ...(ownWorld ? [] : [...random.shuffle(others.filter((item) => item.trades.length === 0)), ...random.shuffle(others.filter((item) => item.trades.length > 0))]),
    ]
    share = EVENT_SHARE.words
  }
  const quota = match.sectors.length === 0 && !match.uncovered ? Number.POSITIVE_INFINITY : share[random.next() < 0.5 ? 0 : 1]!
  return { own, event, quota, sameSector }
}

/**
 * Five items in order of priority: a quota of the event's, the trade's and sector's, the rest of the
 * event's, then general ones; each accepted only if it does not clash with those already chosen.
 */
function choose<T extends { key: string }>(first: T[], { own, event, quota, sameSector }: Streams<T>, general: T[], accept: (item: T, chosen: T[]) => boolean): T[] {
  const chosen: T[] = []
  const taken = new Set<string>()
  const add = (item: T) => {
    if (chosen.length >= QUESTION_COUNT || taken.has(item.key) || !accept(item, chosen)) return false
    chosen.push(item)
    taken.add(item.key)
    return true
  }
  first.forEach(add)
  let fromEvent = 0
  for (const item of event) if (fromEvent < quota && add(item)) fromEvent++
  for (const item of [...own, ...sameSector, ...event, ...general]) add(item)
  return chosen
}

const factText = (fact: Fact, language: GameLanguage): QuestionText => ({ question: fact[language].question, answer: fact[language].answer, explanation: fact[language].explanation })

/** The facts a game on this request is built from, in the visitor's language. */
function chooseFacts(context: Pick<Context, 'match' | 'random' | 'language' | 'brief' | 'source'>): Fact[] {
  const { match, random, language, brief, source } = context
  const clash = (fact: Fact, chosen: Fact[]) => {
    const text = factText(fact, language)
    return answeredByBrief(text, brief, source) || chosen.some((other) => repeats(factText(other, language), text, source) || repeats(text, factText(other, language), source))
  }
  return choose([], streams(match, random, (holder) => holder.facts, source), random.shuffle(source.general.facts), (fact, chosen) => !clash(fact, chosen))
}

/** Sourced facts about a request, for a model to build on: the ones the offline writer would choose. */
export function groundingFacts(input: GeneratorRequest, source: Bank = bank): FactText[] {
  const random = seededRandom(requestSeed(input))
  const context = { match: matchTopics(input, source), random, language: input.gameLanguage, brief: briefTexts(input, source), source }
  return chooseFacts(context).map((fact) => fact[input.gameLanguage])
}

/** Right answers spread over the four slots: never the same one five times. */
function answerSlots(random: Random): number[] {
  return random.shuffle([0, 1, 2, 3, Math.floor(random.next() * ANSWER_SLOTS)])
}

function factQuestion(fact: FactText, slot: number, random: Random): ExperienceQuestion {
  const answers = random.shuffle(fact.distractors)
  answers.splice(slot, 0, fact.answer)
  return { question: fact.question, answers, correctAnswer: slot, explanation: fact.explanation }
}

function quizQuestions(context: Context): { questions: ExperienceQuestion[]; origins: QuestionOrigin[] } {
  const { language, random } = context
  const facts = random.shuffle(chooseFacts(context))
  const slots = answerSlots(random)
  return { questions: facts.map((fact, index) => factQuestion(fact[language], slots[index]!, random)), origins: facts.map((fact) => fact.origin) }
}

interface Candidate {
  key: string
  origin: QuestionOrigin
  poll: { question: string; answers: string[] }
}

/**
 * The visitor sells to other businesses: a sector that does, words that say so ("B2B", "grossiste"), or a
 * factory no sector covers. Their template polls speak of orders and suppliers, not of evenings out.
 */
function sellsToBusinesses(match: TopicMatch, activity: string, source: Bank): boolean {
  if (match.sectors[0]?.servesBusinesses) return true
  if (mentionsAny(activity, source.businessClientWords)) return true
  return match.uncovered && mentionsAny(activity, source.industryWords)
}

/** The template polls that fill in when the bank's run out: sober for mourning, about orders for business buyers. */
function templatePolls({ templates, businessClients, mourning }: Pick<Context, 'templates' | 'businessClients' | 'mourning'>): { event: PollText[]; activity: PollText[] } {
  if (mourning) return { event: templates.soberEventPolls, activity: templates.soberActivityPolls }
  if (businessClients) return { event: templates.businessEventPolls, activity: templates.businessActivityPolls }
  return { event: templates.eventPolls, activity: templates.activityPolls }
}

function pollQuestions(context: Context): { questions: ExperienceQuestion[]; origins: QuestionOrigin[] } {
  const { match, language, random, templates, extra, values, source, businessClients, mourning } = context
  const fromBank = (poll: Poll): Candidate => ({ key: poll.key, origin: poll.origin, poll: poll[language] })
  const filled = (polls: PollText[], prefix: string): Candidate[] =>
    random.shuffle(polls).map((poll, index) => ({ key: `${prefix}${index}`, origin: { kind: 'template' }, poll: { question: fill(poll.question, values), answers: [...poll.answers] } }))
  // A sector's polls ask its shoppers ("votre viennoiserie préférée ?"): a wholesaler placed in the sector sells
  // to businesses, unless the sector itself does. A factory no sector covers keeps its event's world's polls (053).
  const [sector] = match.sectors
  const askShoppers = !businessClients || sector === undefined || sector.servesBusinesses
  const bankPolls = (holder: Sector | CalendarEvent): Poll[] => {
    // The bank's polls ask shoppers and holiday-makers ("votre sortie des vacances de la Toussaint ?"): in
    // mourning, only the sober templates speak.
    if (mourning) return []
    return askShoppers || 'kind' in holder ? holder.polls : []
  }
  const bankStreams = streams(match, random, bankPolls, source)
  const candidates: Streams<Candidate> = {
    own: bankStreams.own.map(fromBank),
    event: bankStreams.event.map(fromBank),
    quota: bankStreams.quota,
    sameSector: bankStreams.sameSector.map(fromBank),
  }
  const announcement = extra.announcements[0]
  const first: Candidate[] = announcement ? [{ key: 'announcement', origin: { kind: 'announcement' }, poll: { question: fill(templates.extraPoll.question, { ...values, sentence: announcement }), answers: [...templates.extraPoll.answers] } }] : []
  const polls = templatePolls(context)
  // The general polls speak of shopping and prizes, out of place in mourning.
  const general = mourning ? [] : random.shuffle(source.general.polls).map(fromBank)
  const fallback = [...filled(polls.event, 'event-template'), ...filled(polls.activity, 'activity-template'), ...general]
  const alike = (candidate: Candidate, chosen: Candidate[]) => chosen.some((other) => repeats({ question: other.poll.question }, { question: candidate.poll.question }, source) !== undefined)
  const chosen = random.shuffle(choose(first, candidates, fallback, (candidate, others) => !alike(candidate, others)))
  return { questions: chosen.map(({ poll }) => ({ question: poll.question, answers: poll.answers })), origins: chosen.map(({ origin }) => origin) }
}

function eventNames(match: TopicMatch, templates: LanguageTemplates, language: GameLanguage, event: string): EventNames {
  const known = match.eventKnown ? match.event?.names?.[language] : undefined
  if (known) return known
  return { name: fill(templates.unknownEvent.name, { event }), of: fill(templates.unknownEvent.of, { event }) }
}

function requestSeed(input: GeneratorRequest): string {
  return JSON.stringify([input.companyName, input.companyActivity, input.event, input.additionalInformation ?? '', input.gameType, input.gameLanguage].map((field) => (typeof field === 'string' ? oneLine(field) : field)))
}

export function composeOffline(input: GeneratorRequest, source: Bank = bank): ComposedGame {
  const language = input.gameLanguage
  const templates = source.templates[language]
  const kind = input.gameType === 0 ? 'quiz' : 'poll'
  const match = matchTopics(input, source)
  const extra = readExtraInformation(input.additionalInformation, source)
  const event = clip(oneLine(input.event), LABEL_MAX)
  const names = eventNames(match, templates, language, event)
  const trade = match.trades.find((entry) => !entry.generic)
  const activity = trade?.label[language] ?? activityLabel(input.companyActivity)
  const values: Values = {
    company: oneLine(input.companyName),
    activity,
    Activity: capitalize(activity),
    event,
    eventName: names.name,
    Event: capitalize(names.name),
    eventOf: names.of,
  }
  const random = seededRandom(requestSeed(input))
  const businessClients = sellsToBusinesses(match, input.companyActivity, source)
  const mourning = mentionsAny(input.companyActivity, source.mourningWords)
  const context: Context = { language, templates, random, match, extra, brief: briefTexts(input, source), values, source, businessClients, mourning }

  const { questions, origins } = kind === 'quiz' ? quizQuestions(context) : pollQuestions(context)
  const clipped = questions.map((question) => ({
    ...question,
    question: clip(question.question, LIMITS.question),
    answers: question.answers.map((answer) => clip(answer, LIMITS.answer)),
    ...(question.explanation ? { explanation: clip(question.explanation, LIMITS.explanation) } : {}),
  }))
  const withCount = { ...values, count: String(clipped.length) }
  // A quiz puts the announcement up front; a poll asks about it in its first question.
  const announced = kind === 'quiz' ? extra.announcements.slice(0, 1) : []
  const reminder = extra.prizes[0] ?? extra.announcements[0]
  return {
    experience: {
      kind,
      language,
      title: clip(fill(random.pick(templates.title[kind]), withCount), LIMITS.title),
      introduction: clip([fill(random.pick(templates.introduction[kind][extra.tone]), withCount), ...announced, ...extra.prizes].join(' '), LIMITS.text),
      questions: clipped,
      closingMessage: clip([fill(random.pick(templates.closing[kind][extra.tone]), withCount), ...(reminder ? [fill(templates.reminder, { ...withCount, sentence: reminder })] : [])].join(' '), LIMITS.text),
    },
    origins,
  }
}

export function generateOffline(input: GeneratorRequest, source: Bank = bank): Experience {
  return composeOffline(input, source).experience
}

