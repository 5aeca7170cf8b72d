import type { GameLanguage } from '#src/features/ai-generator/experience-schema'
import activitiesJson from '../../../content/generator/activities.json'
import eventsJson from '../../../content/generator/events.json'
import languageJson from '../../../content/generator/language.json'
import templatesJson from '../../../content/generator/templates.json'
import { compileKeyword, fold, type Keyword } from './text-match'

/**
 * The generator's knowledge, kept as data in content/generator/: trades and calendar events with their
 * keywords and true facts in French and English, the sentences games are built from, and the word lists
 * of the quality checks. It is checked when this module loads, so a broken bank stops the server start and
 * the unit tests rather than reaching a visitor.
 */

export const LANGUAGES = ['fr', 'en'] as const satisfies readonly GameLanguage[]
const TONES = ['warm', 'fun', 'elegant'] as const
export type Tone = (typeof TONES)[number]
type Localized<T> = Record<GameLanguage, T>

export interface Fact {
  question: string
  answer: string
  distractors: string[]
  explanation: string
}

export interface Poll {
  question: string
  answers: string[]
}

export interface EventNames {
  /** As used inside a sentence: "la Saint-Valentin", "the sales". */
  name: string
  /** French: with its preposition ("de la Saint-Valentin"); English: attributive ("Valentine's Day"). */
  of: string
}

interface TopicEntry {
  id: string
  keywords: Keyword[]
  /** Words that show a question is about this topic, beyond the keywords that recognise it. */
  vocabulary: Keyword[]
  facts: Localized<Fact>[]
  polls: Localized<Poll>[]
}

export interface Activity extends TopicEntry {
  sector: string
  /** A catch-all ("shop", "craft"): used only when no precise trade matches. */
  generic: boolean
  label: Localized<string>
}

export interface CalendarEvent extends TopicEntry {
  /** A season or month: adds calendar facts beside a precise event, never replaces one. */
  season: boolean
  /** Absent when the visitor's own words name it better ("nos 20 ans", "Salon de l'habitat"). */
  names?: Localized<EventNames>
}

export interface LanguageTemplates {
  unknownEvent: EventNames
  title: Record<'quiz' | 'poll', string[]>
  introduction: Record<'quiz' | 'poll', Record<Tone, string[]>>
  closing: Record<'quiz' | 'poll', Record<Tone, string[]>>
  reminder: string
  activityQuestion: { question: string; explanation: string }
  eventQuestion: { question: string; explanation: string }
  extraTrueFalse: { question: string; answers: string[]; explanation: string }
  extraNumber: { question: string; explanation: string }
  extraPoll: Poll
  activityPolls: Poll[]
  eventPolls: Poll[]
  fallbackFacts: Fact[]
}

export interface Bank {
  sectors: Record<string, Localized<string>>
  activities: Activity[]
  events: CalendarEvent[]
  templates: Localized<LanguageTemplates>
  signals: { toneInstruction: Keyword[]; tones: Record<Exclude<Tone, 'warm'>, Keyword[]>; prize: Keyword[] }
  /** Lower-case words (accents kept) that betray a language: French words in an English game and the reverse. */
  markers: Localized<Set<string>>
  stopWords: Set<string>
  /** Words too vague to show what a question is about ("entreprise", "event"). */
  genericWords: Set<string>
}

/** The placeholders templates may use; anything else is a typo that would reach a visitor. */
export const PLACEHOLDERS = ['company', 'activity', 'Activity', 'event', 'Event', 'eventName', 'eventOf', 'count', 'sentence'] as const

const LIMITS = { question: 300, answer: 150, explanation: 500, title: 120, text: 600 }

class BankError extends Error {
  constructor(path: string, message: string) {
    super(`content/generator ${path}: ${message}`)
  }
}

function object(value: unknown, path: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new BankError(path, 'expected an object')
  return value as Record<string, unknown>
}

function text(value: unknown, path: string, max = LIMITS.text): string {
  if (typeof value !== 'string' || value.trim() === '') throw new BankError(path, 'expected a non-empty string')
  if (value.length > max) throw new BankError(path, `longer than ${max} characters`)
  if (value !== value.trim()) throw new BankError(path, 'has leading or trailing spaces')
  for (const [, name] of value.matchAll(/\{(\w+)\}/g)) {
    if (!(PLACEHOLDERS as readonly string[]).includes(name!)) throw new BankError(path, `unknown placeholder {${name}}`)
  }
  return value
}

function texts(value: unknown, path: string, { min = 1, max = 50, length = LIMITS.text, distinct = false } = {}): string[] {
  if (!Array.isArray(value) || value.length < min || value.length > max) throw new BankError(path, `expected ${min} to ${max} strings`)
  const items = value.map((item, index) => text(item, `${path}[${index}]`, length))
  if (distinct && new Set(items.map(fold)).size !== items.length) throw new BankError(path, 'has the same item twice')
  return items
}

function list<T>(value: unknown, path: string, read: (item: unknown, path: string) => T, min = 1): T[] {
  if (!Array.isArray(value) || value.length < min) throw new BankError(path, `expected at least ${min} items`)
  return value.map((item, index) => read(item, `${path}[${index}]`))
}

function localized<T>(value: unknown, path: string, read: (item: unknown, path: string) => T): Localized<T> {
  const source = object(value, path)
  return { fr: read(source.fr, `${path}.fr`), en: read(source.en, `${path}.en`) }
}

function readFact(value: unknown, path: string): Fact {
  const source = object(value, path)
  const fact = {
    question: text(source.question, `${path}.question`, LIMITS.question),
    answer: text(source.answer, `${path}.answer`, LIMITS.answer),
    distractors: texts(source.distractors, `${path}.distractors`, { min: 2, max: 5, length: LIMITS.answer }),
    explanation: text(source.explanation, `${path}.explanation`, LIMITS.explanation),
  }
  const answers = [fact.answer, ...fact.distractors].map(fold)
  if (new Set(answers).size !== answers.length) throw new BankError(path, 'a distractor repeats the answer or another distractor')
  return fact
}

function readPoll(value: unknown, path: string): Poll {
  const source = object(value, path)
  return { question: text(source.question, `${path}.question`, LIMITS.question), answers: texts(source.answers, `${path}.answers`, { min: 2, max: 6, length: LIMITS.answer, distinct: true }) }
}

function readNames(value: unknown, path: string): EventNames {
  const source = object(value, path)
  return { name: text(source.name, `${path}.name`, 80), of: text(source.of, `${path}.of`, 80) }
}

/** Compiled keywords, without the ones that fold onto another ("pâtiss*" and "patiss*" count once). */
function keywords(value: unknown, path: string): Keyword[] {
  const compiled = texts(value, path, { max: 200, length: 80 }).map(compileKeyword)
  const key = (keyword: Keyword) => `${keyword.parts.join(' ')}${keyword.prefix ? '*' : ''}`
  return compiled.filter((keyword, index) => compiled.findIndex((other) => key(other) === key(keyword)) === index)
}

function readTopic(source: Record<string, unknown>, path: string): TopicEntry {
  return {
    id: text(source.id, `${path}.id`, 40),
    keywords: keywords(source.keywords, `${path}.keywords`),
    vocabulary: keywords(source.vocabulary, `${path}.vocabulary`),
    facts: list(source.facts, `${path}.facts`, (item, itemPath) => localized(item, itemPath, readFact), 3),
    polls: list(source.polls, `${path}.polls`, (item, itemPath) => localized(item, itemPath, readPoll), 2),
  }
}

function byTone(value: unknown, path: string): Record<Tone, string[]> {
  const source = object(value, path)
  return { warm: texts(source.warm, `${path}.warm`), fun: texts(source.fun, `${path}.fun`), elegant: texts(source.elegant, `${path}.elegant`) }
}

function readTemplates(value: unknown, path: string): LanguageTemplates {
  const source = object(value, path)
  const title = object(source.title, `${path}.title`)
  const introduction = object(source.introduction, `${path}.introduction`)
  const closing = object(source.closing, `${path}.closing`)
  const pair = (item: unknown, itemPath: string) => {
    const entry = object(item, itemPath)
    return { question: text(entry.question, `${itemPath}.question`), explanation: text(entry.explanation, `${itemPath}.explanation`) }
  }
  const trueFalse = object(source.extraTrueFalse, `${path}.extraTrueFalse`)
  return {
    unknownEvent: readNames(source.unknownEvent, `${path}.unknownEvent`),
    title: { quiz: texts(title.quiz, `${path}.title.quiz`), poll: texts(title.poll, `${path}.title.poll`) },
    introduction: { quiz: byTone(introduction.quiz, `${path}.introduction.quiz`), poll: byTone(introduction.poll, `${path}.introduction.poll`) },
    closing: { quiz: byTone(closing.quiz, `${path}.closing.quiz`), poll: byTone(closing.poll, `${path}.closing.poll`) },
    reminder: text(source.reminder, `${path}.reminder`),
    activityQuestion: pair(source.activityQuestion, `${path}.activityQuestion`),
    eventQuestion: pair(source.eventQuestion, `${path}.eventQuestion`),
    extraTrueFalse: { ...pair(trueFalse, `${path}.extraTrueFalse`), answers: texts(trueFalse.answers, `${path}.extraTrueFalse.answers`, { min: 2, max: 2, distinct: true }) },
    extraNumber: pair(source.extraNumber, `${path}.extraNumber`),
    extraPoll: readPoll(source.extraPoll, `${path}.extraPoll`),
    activityPolls: list(source.activityPolls, `${path}.activityPolls`, readPoll, 2),
    eventPolls: list(source.eventPolls, `${path}.eventPolls`, readPoll, 2),
    fallbackFacts: list(source.fallbackFacts, `${path}.fallbackFacts`, readFact, 1),
  }
}

function unique<T extends { id: string }>(entries: T[], path: string): T[] {
  const seen = new Set<string>()
  for (const entry of entries) {
    if (seen.has(entry.id)) throw new BankError(path, `id "${entry.id}" is used twice`)
    seen.add(entry.id)
  }
  return entries
}

/** Reads and checks the four bank files; throws a BankError naming the faulty entry. */
export function readBank(sources: { activities: unknown; events: unknown; templates: unknown; language: unknown }): Bank {
  const activitySource = object(sources.activities, 'activities.json')
  const sectors = object(activitySource.sectors, 'activities.json sectors')
  const sectorLabels = Object.fromEntries(Object.entries(sectors).map(([id, labels]) => [id, localized(labels, `activities.json sectors.${id}`, (item, path) => text(item, path, 80))]))
  const activities = unique(
    list(activitySource.activities, 'activities.json activities', (item, path) => {
      const source = object(item, path)
      const sector = text(source.sector, `${path}.sector`, 40)
      if (!(sector in sectorLabels)) throw new BankError(path, `unknown sector "${sector}"`)
      return { ...readTopic(source, path), sector, generic: source.generic === true, label: localized(source.label, `${path}.label`, (value, labelPath) => text(value, labelPath, 60)) }
    }),
    'activities.json',
  )
  const events = unique(
    list(object(sources.events, 'events.json').events, 'events.json events', (item, path) => {
      const source = object(item, path)
      return { ...readTopic(source, path), season: source.season === true, ...(source.names === undefined ? {} : { names: localized(source.names, `${path}.names`, readNames) }) }
    }),
    'events.json',
  )
  const templateSource = object(sources.templates, 'templates.json')
  const signals = object(templateSource.signals, 'templates.json signals')
  const tones = object(signals.tones, 'templates.json signals.tones')
  const language = object(sources.language, 'language.json')
  const markers = object(language.markers, 'language.json markers')
  const folded = (value: unknown, path: string) => new Set(texts(value, path, { max: 500, length: 40 }).map(fold))
  const lowered = (value: unknown, path: string) => new Set(texts(value, path, { max: 500, length: 40 }).map((word) => word.toLocaleLowerCase('fr')))
  return {
    sectors: sectorLabels,
    activities,
    events,
    templates: localized(templateSource, 'templates.json', readTemplates),
    signals: {
      toneInstruction: keywords(signals.toneInstruction, 'templates.json signals.toneInstruction'),
      tones: { fun: keywords(tones.fun, 'templates.json signals.tones.fun'), elegant: keywords(tones.elegant, 'templates.json signals.tones.elegant') },
      prize: keywords(signals.prize, 'templates.json signals.prize'),
    },
    markers: { fr: lowered(markers.fr, 'language.json markers.fr'), en: lowered(markers.en, 'language.json markers.en') },
    stopWords: folded(language.stopWords, 'language.json stopWords'),
    genericWords: folded(language.genericWords, 'language.json genericWords'),
  }
}

export const bank: Bank = readBank({ activities: activitiesJson, events: eventsJson, templates: templatesJson, language: languageJson })
