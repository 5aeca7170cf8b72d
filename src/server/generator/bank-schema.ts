import { z } from 'zod'
import { PLACEHOLDERS } from './placeholders'
import { fold } from './text-match'

/**
 * The schema of the generator's content files (content/generator/): the single source of their types,
 * checked by the unit tests and the site-wide content check (`validateBankFiles` adds the checks across
 * files). Objects are strict (an unknown key is an error, usually a typo), and every fact names a `source`
 * a reader can check. The server does not load this module: it trusts content the build has checked, which
 * keeps Zod out of its bundle and its start fast.
 */

export const LIMITS = { question: 300, answer: 150, explanation: 500, title: 120, text: 600, label: 60, name: 80 } as const

/** How many facts and polls of a sector apply to every trade of it (not tied to one trade). */
export const MIN_SECTOR_WIDE_FACTS = 6
export const MIN_SECTOR_WIDE_POLLS = 3

const PLACEHOLDER = /\{(\w+)\}/g

/** A string a visitor reads: trimmed, not empty, within its limit, with known placeholders only. */
function line(max: number) {
  return z
    .string()
    .min(1, 'expected a non-empty string')
    .max(max, `longer than ${max} characters`)
    .refine((value) => value === value.trim(), 'has leading or trailing spaces')
    .refine(
      (value) => [...value.matchAll(PLACEHOLDER)].every(([, name]) => (PLACEHOLDERS as readonly string[]).includes(name!)),
      `uses a placeholder other than {${PLACEHOLDERS.join('}, {')}}`,
    )
}

const localized = <T extends z.ZodType>(schema: T) => z.strictObject({ fr: schema, en: schema })

/** The file's JSON Schema (content/schemas/), named so code editors complete and check it. */
const $schema = z.string().optional()

const id = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'expected an id in lower-case kebab-case')

/**
 * One or more words that recognise a trade, an event or a sector, compared without accents, case or
 * plurals; a final `*` matches any ending ("boulang*": boulanger, boulangerie), a leading `*` on a single
 * word any beginning ("*thérapeute": ergothérapeute).
 */
const keyword = z
  .string()
  .min(1)
  .max(80)
  .refine((value) => value === value.trim(), 'has leading or trailing spaces')
  .refine((value) => /^\*?[^*]+\*?$/.test(value) && !(value.startsWith('*') && (value.endsWith('*') || /[\s'’]/.test(value))), 'a * may only end a keyword, or start a single word')
  .refine((value) => /[\p{L}\p{N}]/u.test(value), 'has no letter or digit')
const keywords = (min: number) => z.array(keyword).min(min, `expected at least ${min} keywords`)

const distinctFolded = (items: readonly string[]) => new Set(items.map(fold)).size === items.length

/**
 * Where a reader checks a fact: an https address (Légifrance, INSEE, service-public.fr, an official body,
 * an encyclopaedia) or, for a text without a stable address, its precise reference ("Code de la
 * consommation, article L221-18").
 */
export const sourceSchema = z
  .string()
  .max(300)
  .refine(
    (value) => /^https:\/\/[^\s/]+\.[^\s/]+\/\S*$/.test(value) || (value.length >= 20 && value === value.trim() && !/^[a-z]+:/i.test(value)),
    'expected an https:// address or the precise reference of a public text',
  )

export const factTextSchema = z
  .strictObject({
    question: line(LIMITS.question),
    answer: line(LIMITS.answer),
    distractors: z.array(line(LIMITS.answer)).length(3, 'expected exactly 3 wrong answers'),
    explanation: line(LIMITS.explanation),
  })
  .refine((fact) => distinctFolded([fact.answer, ...fact.distractors]), { message: 'a wrong answer repeats the right one or another wrong one', path: ['distractors'] })

export const pollTextSchema = z
  .strictObject({ question: line(LIMITS.question), answers: z.array(line(LIMITS.answer)).min(2).max(6) })
  .refine((poll) => distinctFolded(poll.answers), { message: 'has the same answer twice', path: ['answers'] })

const factShape = { source: sourceSchema, fr: factTextSchema, en: factTextSchema }
const pollShape = { fr: pollTextSchema, en: pollTextSchema }
/** Trades of the sector a fact or poll is only about; without it, it is about the whole sector. */
const tradeIds = z.array(id).min(1).optional()

/** A fact of an event or of the general list: about the whole entry. */
export const factSchema = z.strictObject(factShape)
export const pollSchema = z.strictObject(pollShape)
export const sectorFactSchema = z.strictObject({ trades: tradeIds, ...factShape })
export const sectorPollSchema = z.strictObject({ trades: tradeIds, ...pollShape })

export const tradeSchema = z.strictObject({
  id,
  label: localized(line(LIMITS.label)),
  /** Words that name the trade: "boulang*", "bakery". */
  keywords: keywords(1),
  /** Words of the trade's world, beyond the sector's, that place an unnamed trade near it. */
  vocabulary: keywords(1).optional(),
  /** A catch-all ("shop", "craft"): used only when no precise trade or sector word matches. */
  generic: z.boolean().optional(),
})

/** content/generator/sectors/<id>.json */
export const sectorFileSchema = z
  .strictObject({
    $schema,
    id,
    label: localized(line(LIMITS.name)),
    /** Words of the sector's world: they place a trade the bank does not name, and show a question is about the sector. */
    vocabulary: keywords(10),
    trades: z.array(tradeSchema).min(1),
    facts: z.array(sectorFactSchema).min(12, 'expected at least 12 facts'),
    polls: z.array(sectorPollSchema).min(4, 'expected at least 4 polls'),
  })
  .superRefine((sector, context) => {
    const trades = new Set<string>()
    sector.trades.forEach((trade, index) => {
      if (trades.has(trade.id)) context.addIssue({ code: 'custom', message: `trade id "${trade.id}" is used twice`, path: ['trades', index, 'id'] })
      trades.add(trade.id)
    })
    for (const kind of ['facts', 'polls'] as const) {
      sector[kind].forEach((item, index) => {
        item.trades?.forEach((trade, tradeIndex) => {
          if (!trades.has(trade)) context.addIssue({ code: 'custom', message: `names trade "${trade}", which this sector does not have`, path: [kind, index, 'trades', tradeIndex] })
        })
      })
    }
    const sectorWideFacts = sector.facts.filter((fact) => !fact.trades).length
    if (sectorWideFacts < MIN_SECTOR_WIDE_FACTS) context.addIssue({ code: 'custom', message: `expected at least ${MIN_SECTOR_WIDE_FACTS} facts about the whole sector (without "trades"), found ${sectorWideFacts}`, path: ['facts'] })
    const sectorWidePolls = sector.polls.filter((poll) => !poll.trades).length
    if (sectorWidePolls < MIN_SECTOR_WIDE_POLLS) context.addIssue({ code: 'custom', message: `expected at least ${MIN_SECTOR_WIDE_POLLS} polls about the whole sector (without "trades"), found ${sectorWidePolls}`, path: ['polls'] })
  })

export const EVENT_KINDS = ['holiday', 'commerce', 'awareness', 'sport', 'culture', 'business', 'season'] as const

const eventNamesSchema = z.strictObject({
  /** As used inside a sentence: "la Saint-Valentin", "the sales". */
  name: line(LIMITS.name),
  /** French: with its preposition ("de la Saint-Valentin"); English: attributive ("Valentine's Day"). */
  of: line(LIMITS.name),
})

export const eventSchema = z.strictObject({
  id,
  /**
   * `business`: a moment of the business itself (open day, anniversary, trade fair), whose facts come
   * after the trade's; `season`: a season, recognised in the event field only.
   */
  kind: z.enum(EVENT_KINDS),
  /**
   * Sectors whose world the event belongs to ("Beaujolais nouveau": drinks, restaurants). A trade of
   * another sector gets one of its facts, not a game of them; without the list, the event is for everyone.
   */
  sectors: z.array(id).min(1).optional(),
  /** Absent when the visitor's own words name it better ("nos 20 ans", "Salon de l'habitat"). */
  names: localized(eventNamesSchema).optional(),
  keywords: keywords(1),
  vocabulary: keywords(1),
  facts: z.array(factSchema).min(3, 'expected at least 3 facts'),
  polls: z.array(pollSchema).min(2, 'expected at least 2 polls'),
})

/** content/generator/events/*.json */
export const eventsFileSchema = z.strictObject({ $schema, events: z.array(eventSchema).min(1) })

/** content/generator/general.json: facts for any business, when the bank knows neither trade nor sector. */
export const generalFileSchema = z.strictObject({ $schema, facts: z.array(factSchema).min(8), polls: z.array(pollSchema).min(3) })

const lines = z.array(line(LIMITS.text)).min(1)
const byTone = z.strictObject({ warm: lines, fun: lines, elegant: lines })

const languageTemplatesSchema = z.strictObject({
  unknownEvent: eventNamesSchema,
  title: z.strictObject({ quiz: z.array(line(LIMITS.title)).min(1), poll: z.array(line(LIMITS.title)).min(1) }),
  introduction: z.strictObject({ quiz: byTone, poll: byTone }),
  closing: z.strictObject({ quiz: byTone, poll: byTone }),
  reminder: line(LIMITS.text),
  /** The one poll question that may restate the visitor's announcement. */
  extraPoll: pollTextSchema,
  activityPolls: z.array(pollTextSchema).min(2),
  eventPolls: z.array(pollTextSchema).min(2),
})

/** content/generator/templates.json */
export const templatesFileSchema = z.strictObject({
  $schema,
  fr: languageTemplatesSchema,
  en: languageTemplatesSchema,
  signals: z.strictObject({
    toneInstruction: keywords(1),
    tones: z.strictObject({ fun: keywords(1), elegant: keywords(1) }),
    prize: keywords(1),
  }),
})

const word = z.string().regex(/^[\p{L}\p{N}'’-]{1,40}$/u, 'expected a single word')

/** content/generator/language.json */
export const languageFileSchema = z.strictObject({
  $schema,
  /** Lower-case words that betray a language: French words in an English game and the reverse. */
  markers: z.strictObject({ fr: z.array(word).min(10), en: z.array(word).min(10) }),
  stopWords: z.array(word).min(10),
  /** Words too vague to show what a question is about ("entreprise", "event"). */
  genericWords: z.array(word).min(1),
})

/** Each file of content/generator/ (glob relative to it) and its schema, for the site-wide content check. */
export const generatorContentSchemas = {
  'sectors/*.json': sectorFileSchema,
  'events/*.json': eventsFileSchema,
  'general.json': generalFileSchema,
  'templates.json': templatesFileSchema,
  'language.json': languageFileSchema,
} as const

export type SectorFile = z.infer<typeof sectorFileSchema>
export type EventsFile = z.infer<typeof eventsFileSchema>
export type GeneralFile = z.infer<typeof generalFileSchema>
export type TemplatesFile = z.infer<typeof templatesFileSchema>
export type LanguageFile = z.infer<typeof languageFileSchema>
export type FactText = z.infer<typeof factTextSchema>
export type PollText = z.infer<typeof pollTextSchema>
export type EventKind = (typeof EVENT_KINDS)[number]
export type EventNames = z.infer<typeof eventNamesSchema>
export type LanguageTemplates = z.infer<typeof languageTemplatesSchema>

export interface BankFileSource {
  /** Path under content/generator/, for the messages. */
  path: string
  data: unknown
}

export interface BankFileSources {
  sectors: BankFileSource[]
  events: BankFileSource[]
  general: BankFileSource
  templates: BankFileSource
  language: BankFileSource
}

function problemsOf(schema: z.ZodType, { path, data }: BankFileSource, problems: string[]): boolean {
  const result = schema.safeParse(data)
  if (!result.success) for (const issue of result.error.issues) problems.push(`${path} › ${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`)
  return result.success
}

/** A mistake between bank files: the file (under content/generator/), where in it, and what is wrong. */
export interface BankReferenceProblem {
  file: string
  at: (string | number)[]
  message: string
}

/**
 * What the schemas cannot see alone: sector files named by their id, ids used once across files, and the
 * sectors an event names existing.
 */
export function bankReferenceProblems(
  sectors: readonly { path: string; data: SectorFile }[],
  events: readonly { path: string; data: EventsFile }[],
  /** Every sector the bank has, its file valid or not (a sector with mistakes of its own is still there). */
  sectorIds: ReadonlySet<string> = new Set(sectors.map(({ data }) => data.id)),
): BankReferenceProblem[] {
  const problems: BankReferenceProblem[] = []
  const seen = new Map<string, string>()
  const once = (kind: string, id: string, file: string, at: (string | number)[]) => {
    const first = seen.get(`${kind} ${id}`)
    if (first) problems.push({ file, at, message: `${kind} id "${id}" is already used in ${first}; expected an id of its own` })
    else seen.set(`${kind} ${id}`, file)
  }
  for (const { path, data } of sectors) {
    if (path !== `sectors/${data.id}.json`) problems.push({ file: path, at: ['id'], message: `"${data.id}" does not match the file name; expected "${path.replace(/^sectors\/(.*)\.json$/, '$1')}"` })
    once('sector', data.id, path, ['id'])
    data.trades.forEach((trade, index) => once('trade', trade.id, path, ['trades', index, 'id']))
  }
  for (const { path, data } of events) {
    data.events.forEach((event, index) => {
      once('event', event.id, path, ['events', index, 'id'])
      event.sectors?.forEach((sector, at) => {
        if (!sectorIds.has(sector)) problems.push({ file: path, at: ['events', index, 'sectors', at], message: `no sector "${sector}"` })
      })
    })
  }
  return problems
}

/** Every mistake of every content file, as "file › path: message", and of the references between them. */
export function validateBankFiles(sources: BankFileSources): string[] {
  const problems: string[] = []
  const sectors = sources.sectors.filter((file) => problemsOf(sectorFileSchema, file, problems)).map((file) => ({ path: file.path, data: file.data as SectorFile }))
  const events = sources.events.filter((file) => problemsOf(eventsFileSchema, file, problems)).map((file) => ({ path: file.path, data: file.data as EventsFile }))
  problemsOf(generalFileSchema, sources.general, problems)
  problemsOf(templatesFileSchema, sources.templates, problems)
  problemsOf(languageFileSchema, sources.language, problems)
  for (const { file, at, message } of bankReferenceProblems(sectors, events)) problems.push(`${file} › ${at.join('.')}: ${message}`)
  return problems
}
