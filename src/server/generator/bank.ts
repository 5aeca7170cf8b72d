import type { GameLanguage } from '#src/features/ai-generator/experience-schema'
import { bankFiles } from './bank-files'
import type {
  BankFileSources,
  EventKind,
  EventNames,
  EventsFile,
  FactText,
  GeneralFile,
  LanguageFile,
  LanguageTemplates,
  PollText,
  SectorFile,
  TemplatesFile,
} from './bank-schema'
import { compileKeyword, fold, stem, words, type Keyword } from './text-match'

/**
 * The generator's knowledge, kept as data in content/generator/: sectors with their trades, calendar events
 * and general facts, each with keywords and sourced facts in French and English, the sentences games are
 * built from, and the word lists of the quality checks. Their schema (bank-schema.ts) is checked by the unit
 * tests and the site-wide content check; this module only compiles what they accepted.
 */

export const LANGUAGES = ['fr', 'en'] as const satisfies readonly GameLanguage[]
const TONES = ['warm', 'fun', 'elegant'] as const
export type Tone = (typeof TONES)[number]
export type Localized<T> = Record<GameLanguage, T>
export type { EventKind, EventNames, FactText, LanguageTemplates, PollText }

/** Where a fact or a poll comes from: what the measure of a game compares with the brief's own topics. */
export type Origin = { kind: 'sector'; id: string } | { kind: 'event'; id: string } | { kind: 'general' }

export interface Fact extends Localized<FactText> {
  /** "sector:food-shops#3": stable for a bank version, unique. */
  key: string
  origin: Origin
  source: string
  /** The trades it is only about; empty when it is about its whole sector or event. */
  trades: string[]
  /** Stemmed words of both languages, to rank facts by the visitor's words whatever language they typed. */
  readonly stems: Set<string>
}

export interface Poll extends Localized<PollText> {
  key: string
  origin: Origin
  trades: string[]
  readonly stems: Set<string>
}

export interface Trade {
  id: string
  sector: string
  label: Localized<string>
  keywords: Keyword[]
  vocabulary: Keyword[]
  generic: boolean
}

export interface Sector {
  id: string
  label: Localized<string>
  vocabulary: Keyword[]
  trades: Trade[]
  facts: Fact[]
  polls: Poll[]
  /** Its businesses sell mostly to other businesses. */
  servesBusinesses: boolean
  /** The id of the sector of those who make what it speaks of ("fabrication de sauces": food shops, not restaurants). */
  makers: string | undefined
}

export interface CalendarEvent {
  id: string
  kind: EventKind
  /** The sectors the event belongs to; empty when it is for everyone. */
  sectors: string[]
  names?: Localized<EventNames>
  keywords: Keyword[]
  vocabulary: Keyword[]
  facts: Fact[]
  polls: Poll[]
}

export interface Bank {
  sectors: Sector[]
  trades: Trade[]
  events: CalendarEvent[]
  general: { facts: Fact[]; polls: Poll[] }
  templates: Localized<LanguageTemplates>
  signals: { toneInstruction: Keyword[]; tones: Record<Exclude<Tone, 'warm'>, Keyword[]>; prize: Keyword[] }
  /** Lower-case words (accents kept) that betray a language: French words in an English game and the reverse. */
  markers: Localized<Set<string>>
  stopWords: Set<string>
  /** Words too vague to show what a question is about ("entreprise", "event"). */
  genericWords: Set<string>
  /** Words of the industries no sector covers (quarries, steelworks, paper mills…): they point away from every sector. */
  uncoveredIndustries: Keyword[]
  /** Words saying an activity makes things in a factory ("fabrication", "manufacturer"): with no world's word, an uncovered industry. */
  industryWords: Keyword[]
  businessClientWords: Keyword[]
  /** Words saying an activity makes what it sells ("fabrication", "maker"): it belongs to its sector's `makers`. */
  makerWords: Keyword[]
  /** Words of the trades of mourning ("pompes funèbres", "funeral home"): only the sober template polls suit them. */
  mourningWords: Keyword[]
  /** Roles done in every world ("consultant", "courtier"): a trade they alone name gives way to the activity's other words. */
  roleWords: Keyword[]
  /** Words naming the people a business serves ("seniors", "PME", "students"): an activity's audience, not its trade. */
  audienceWords: Keyword[]
  /** Services done to anything ("réparation", "cleaning"): at an activity's head they name its trade. */
  serviceHeads: Set<string>
  /** How a service is delivered ("cours", "séance", "lesson"): an activity's head that says it is no place. */
  sessionWords: Keyword[]
  /** Occasions a business is hired for ("mariage", "wedding", "soirée"): named after "pour" or "for", their world is its too. */
  occasionWords: Keyword[]
  /** Phrases naming no world though one of their words is a world's ("bank holiday"): that word does not count there. */
  idioms: Keyword[]
}

export type BankSources = BankFileSources

/** Compiled keywords, without the ones that fold onto another ("pâtiss*" and "patiss*" count once). */
function compileKeywords(sources: readonly string[] = []): Keyword[] {
  const seen = new Set<string>()
  return sources.map(compileKeyword).filter((keyword) => {
    const key = `${keyword.suffix ? '*' : ''}${keyword.parts.join(' ')}${keyword.prefix ? '*' : ''}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/**
 * The stems of some texts, computed the first time a game needs them (most facts never are), small words aside:
 * folded and stemmed, "mais" (but) is "mai", the month of "Mai à vélo", and a fact saying it spoke of the event.
 */
function lazyStems(texts: () => string[], stopWords: ReadonlySet<string>): () => Set<string> {
  let cached: Set<string> | undefined
  return () => (cached ??= new Set(texts().flatMap((text) => words(text).filter((word) => !stopWords.has(word)).map(stem))))
}

/** What a fact or a poll says in one language, which its words are read from: the question, the answers, a fact's explanation. */
export function sayings(text: FactText | PollText): string[] {
  return 'answers' in text ? [text.question, ...text.answers] : [text.question, text.answer, text.explanation]
}

function toFact(source: { source: string; trades?: string[]; fr: FactText; en: FactText }, key: string, origin: Origin, stopWords: ReadonlySet<string>): Fact {
  const { fr, en } = source
  const factStems = lazyStems(() => [fr, en].flatMap(sayings), stopWords)
  return {
    key,
    origin,
    source: source.source,
    trades: source.trades ?? [],
    fr,
    en,
    get stems() {
      return factStems()
    },
  }
}

function toPoll(source: { trades?: string[]; fr: PollText; en: PollText }, key: string, origin: Origin, stopWords: ReadonlySet<string>): Poll {
  const { fr, en } = source
  const pollStems = lazyStems(() => [fr, en].flatMap(sayings), stopWords)
  return {
    key,
    origin,
    trades: source.trades ?? [],
    fr,
    en,
    get stems() {
      return pollStems()
    },
  }
}

/**
 * Compiles the content files into the bank. The files are trusted: their schema and references are checked
 * by `validateBankFiles` (bank-schema.ts) in the unit tests and the site-wide content check.
 */
export function readBank(sources: BankSources): Bank {
  const sectorData = sources.sectors.map((file) => file.data as SectorFile)
  const eventData = sources.events.flatMap((file) => (file.data as EventsFile).events)
  const general = sources.general.data as GeneralFile
  const templates = sources.templates.data as TemplatesFile
  const language = sources.language.data as LanguageFile
  const stopWords = new Set(language.stopWords.map(fold))

  const sectors: Sector[] = sectorData.map((sector) => {
    const origin: Origin = { kind: 'sector', id: sector.id }
    return {
      id: sector.id,
      label: sector.label,
      vocabulary: compileKeywords(sector.vocabulary),
      trades: sector.trades.map((trade) => ({
        id: trade.id,
        sector: sector.id,
        label: trade.label,
        keywords: compileKeywords(trade.keywords),
        vocabulary: compileKeywords(trade.vocabulary),
        generic: trade.generic === true,
      })),
      facts: sector.facts.map((fact, index) => toFact(fact, `sector:${sector.id}#${index}`, origin, stopWords)),
      polls: sector.polls.map((poll, index) => toPoll(poll, `sector:${sector.id}#poll${index}`, origin, stopWords)),
      servesBusinesses: sector.servesBusinesses === true,
      makers: sector.makers,
    }
  })
  const events: CalendarEvent[] = eventData.map((event) => {
    const origin: Origin = { kind: 'event', id: event.id }
    return {
      id: event.id,
      kind: event.kind,
      sectors: event.sectors ?? [],
      ...(event.names ? { names: event.names } : {}),
      keywords: compileKeywords(event.keywords),
      vocabulary: compileKeywords(event.vocabulary),
      facts: event.facts.map((fact, index) => toFact(fact, `event:${event.id}#${index}`, origin, stopWords)),
      polls: event.polls.map((poll, index) => toPoll(poll, `event:${event.id}#poll${index}`, origin, stopWords)),
    }
  })
  const lowered = (words: string[]) => new Set(words.map((word) => word.toLocaleLowerCase('fr')))
  return {
    sectors,
    trades: sectors.flatMap((sector) => sector.trades),
    events,
    general: {
      facts: general.facts.map((fact, index) => toFact(fact, `general#${index}`, { kind: 'general' }, stopWords)),
      polls: general.polls.map((poll, index) => toPoll(poll, `general#poll${index}`, { kind: 'general' }, stopWords)),
    },
    templates: { fr: templates.fr, en: templates.en },
    signals: {
      toneInstruction: compileKeywords(templates.signals.toneInstruction),
      tones: { fun: compileKeywords(templates.signals.tones.fun), elegant: compileKeywords(templates.signals.tones.elegant) },
      prize: compileKeywords(templates.signals.prize),
    },
    markers: { fr: lowered(language.markers.fr), en: lowered(language.markers.en) },
    stopWords,
    genericWords: new Set(language.genericWords.map(fold)),
    uncoveredIndustries: compileKeywords(language.uncoveredIndustries),
    industryWords: compileKeywords(language.industryWords),
    businessClientWords: compileKeywords(language.businessClientWords),
    makerWords: compileKeywords(language.makerWords),
    mourningWords: compileKeywords(language.mourningWords),
    roleWords: compileKeywords(language.roleWords),
    audienceWords: compileKeywords(language.audienceWords),
    serviceHeads: new Set(language.serviceHeads.map(fold)),
    sessionWords: compileKeywords(language.sessionWords),
    occasionWords: compileKeywords(language.occasionWords),
    idioms: compileKeywords(language.idioms),
  }
}

export const bank: Bank = readBank(bankFiles)

/** The sector a trade belongs to. */
export function sectorOf(trade: Trade, source: Bank = bank): Sector {
  return source.sectors.find((sector) => sector.id === trade.sector)!
}
