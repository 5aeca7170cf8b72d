import type { GeneratorRequest } from '#src/features/ai-generator/experience-schema'
import { bank, sectorOf, type Bank, type CalendarEvent, type Sector, type Trade } from './bank'
import { KeywordIndex, stem, stems, words, type Keyword, type KeywordHit } from './text-match'

/**
 * What the bank knows about a request. The activity names a trade ("boulangerie") or, when the bank does
 * not name it, uses words of a sector's world ("fabrique de glaces": food shops); the event field names a
 * calendar event or a season, or else its words point at a sector ("Pet dental month": animal care).
 */
export interface TopicMatch {
  /** Trades the activity (or else the company name) names, best first; at most two. */
  trades: Trade[]
  /** The visitor's sectors: those of the named trades, or the nearest one by the words of the activity. */
  sectors: Sector[]
  /** For a trade the bank does not name: trades of the nearest sector whose words the activity uses. */
  nearTrades: Trade[]
  /** The bank event the event field names (a season included), or else one the additional information names. */
  event: CalendarEvent | undefined
  /** The event field names a bank event or season: its facts are about the visitor's event. */
  eventKnown: boolean
  /** The sector an event the bank does not name is about, by its words. */
  eventSector: Sector | undefined
  /** Meaningful stems of the activity, of the event field and of the additional information. */
  words: { activity: Set<string>; event: Set<string>; extra: Set<string> }
}

type Request = Pick<GeneratorRequest, 'companyName' | 'companyActivity' | 'event' | 'additionalInformation'>

const MAX_TRADES = 2
/** A second trade is kept only when it is nearly as well named as the first. */
const RUNNER_UP_SHARE = 0.6
const MIN_MEANINGFUL_LENGTH = 3

/**
 * The entries whose keywords occur in the text, best first: the most words of the text found (a word found by
 * two keywords counts once), then, on a tie, the earliest match, or the latest with `prefer: 'last'`. A
 * keyword inside a longer one found at the same place does not count: "brasserie artisanale" names a
 * brewery, not a "brasserie" restaurant. Nor does one that spells less of the same words: "courtier" is
 * the broker, not "court*" (tennis), "rhumatologue" the doctor, not "rhum*". A keyword that is not
 * `telling` (made only of vague words) still hides the shorter ones it covers ("contractor" hides
 * "contract*"), but does not score itself.
 */
export function rankEntries<T>(
  text: string,
  index: KeywordIndex<T>,
  max = MAX_TRADES,
  prefer: 'first' | 'last' = 'first',
  telling: (keyword: Keyword) => boolean = () => true,
): T[] {
  const hits = index.find(stems(text))
  const end = (hit: KeywordHit<T>) => hit.start + hit.keyword.parts.length
  const length = (hit: KeywordHit<T>) => hit.keyword.parts.length
  const spelled = (hit: KeywordHit<T>) => hit.keyword.parts.reduce((sum, part) => sum + part.length, 0)
  const covered = (hit: KeywordHit<T>) =>
    hits.some(
      (other) =>
        (length(other) > length(hit) && other.start <= hit.start && end(other) >= end(hit)) ||
        (other.start === hit.start && length(other) === length(hit) && spelled(other) > spelled(hit)),
    )
  const scores = new Map<T, { starts: Set<number>; first: number; last: number }>()
  for (const hit of hits) {
    if (covered(hit) || !telling(hit.keyword)) continue
    const score = scores.get(hit.entry) ?? { starts: new Set<number>(), first: Number.POSITIVE_INFINITY, last: -1 }
    score.starts.add(hit.start)
    scores.set(hit.entry, { starts: score.starts, first: Math.min(score.first, hit.start), last: Math.max(score.last, hit.start) })
  }
  const tie = prefer === 'first' ? (a: { first: number }, b: { first: number }) => a.first - b.first : (a: { last: number }, b: { last: number }) => b.last - a.last
  const ranked = [...scores].sort(([, a], [, b]) => b.starts.size - a.starts.size || tie(a, b))
  const best = ranked[0]?.[1].starts.size ?? 0
  return ranked
    .filter(([, { starts }]) => starts.size >= best * RUNNER_UP_SHARE)
    .slice(0, max)
    .map(([entry]) => entry)
}

/**
 * Where a text puts what a business or an event is about: after a link word in French and English ("école de
 * surf", "bar à sourcils", "school of rock"), else first, before the kind of place ("bonsai nursery"). A
 * French head that is itself a trade, a person's ("émailleur d'art", "dentellière", "fleuriste") or a
 * shop's ("ferronnerie d'art"), says the world before its complement does.
 */
const COMPLEMENT_AFTER = /(?:^|[\s'’])(?:de|du|des|d|à|au|aux|en|pour|of|for)(?=[\s'’]|$)/iu
const TRADE_HEAD = /(?:eur|euse|rice|ier|iere|iste|ien|ienne|erie)$/
/** Heads with a trade's ending that name a place or a thing, not a trade. */
const NOT_TRADE_HEADS = new Set(['atelier', 'chantier', 'quartier', 'cellier', 'grenier', 'interieur', 'exterieur', 'secteur', 'centre'])

function complementSide(text: string): 'first' | 'last' {
  if (!COMPLEMENT_AFTER.test(text)) return 'first'
  const head = words(text)[0] ?? ''
  return TRADE_HEAD.test(head) && !NOT_TRADE_HEADS.has(head) ? 'first' : 'last'
}

/** The bank's keywords indexed once, the first time a bank is matched against. */
interface Lookups {
  preciseTrades: KeywordIndex<Trade>
  genericTrades: KeywordIndex<Trade>
  calendar: KeywordIndex<CalendarEvent>
  seasons: KeywordIndex<CalendarEvent>
  /** Words of each sector's world: its vocabulary and its trades' own. */
  sectors: KeywordIndex<Sector>
  /** False for keywords made only of vague words ("boutique", "salon", "service client", "supplier"), which
   * every sector's customers use: they do not point at a sector. */
  telling: (keyword: Keyword) => boolean
  /** For each sector, its trades by their own words. */
  tradeWords: Map<Sector, KeywordIndex<Trade>>
}

const lookupsByBank = new WeakMap<Bank, Lookups>()

function lookups(source: Bank): Lookups {
  let found = lookupsByBank.get(source)
  if (!found) {
    const vague = new Set([...source.genericWords].map(stem))
    const telling = (keyword: Keyword) => !keyword.parts.every((part) => vague.has(part))
    found = {
      preciseTrades: new KeywordIndex(source.trades.filter((trade) => !trade.generic), (trade) => trade.keywords),
      genericTrades: new KeywordIndex(source.trades.filter((trade) => trade.generic), (trade) => trade.keywords),
      calendar: new KeywordIndex(source.events.filter((event) => event.kind !== 'season'), (event) => event.keywords),
      seasons: new KeywordIndex(source.events.filter((event) => event.kind === 'season'), (event) => event.keywords),
      sectors: new KeywordIndex(source.sectors, (sector) => [...sector.vocabulary, ...sector.trades.flatMap((trade) => trade.vocabulary)]),
      telling,
      tradeWords: new Map(source.sectors.map((sector) => [sector, new KeywordIndex(sector.trades, (trade) => trade.vocabulary)])),
    }
    lookupsByBank.set(source, found)
  }
  return found
}

/** The nearest sector by the words of a text, with the trades of it whose own words the text uses. */
export function nearestSector(text: string, source: Bank = bank): { sector: Sector; trades: Trade[] } | undefined {
  const { sectors, tradeWords, telling } = lookups(source)
  const side = complementSide(text)
  const [sector] = rankEntries(text, sectors, 1, side, telling)
  if (!sector) return undefined
  return { sector, trades: rankEntries(text, tradeWords.get(sector)!, MAX_TRADES, side) }
}

/** Stems of the words that say something (not small words, not vague ones like "entreprise"). */
export function meaningfulStems(text: string, source: Bank = bank): string[] {
  const candidates = words(text).filter((word) => !source.stopWords.has(word) && (word.length >= MIN_MEANINGFUL_LENGTH || /^\d{2,}$/.test(word)))
  const precise = candidates.filter((word) => !source.genericWords.has(word))
  // "Lancement de notre offre" has only vague words, but they are still the visitor's event.
  return (precise.length ? precise : candidates).map(stem)
}

function matchActivity(input: Request, source: Bank): Pick<TopicMatch, 'trades' | 'sectors' | 'nearTrades'> {
  const { preciseTrades, genericTrades } = lookups(source)
  const named = (trades: Trade[]) => ({ trades, sectors: [...new Set(trades.map((trade) => sectorOf(trade, source)))], nearTrades: [] })
  const trades = rankEntries(input.companyActivity, preciseTrades)
  if (trades.length) return named(trades)
  const near = nearestSector(input.companyActivity, source)
  if (near) return { trades: [], sectors: [near.sector], nearTrades: near.trades }
  // The company name counts only when it names a trade outright ("Boulangerie Martin"): its other words
  // ("Maison", "Le Jardin des saveurs") say little of what the business does.
  const fromName = rankEntries(input.companyName, preciseTrades)
  if (fromName.length) return named(fromName)
  const catchAll = rankEntries(input.companyActivity, genericTrades, 1)
  return catchAll.length ? named(catchAll) : { trades: [], sectors: [], nearTrades: [] }
}

/** A saint's name in an event ("Sainte-Barbe", "St Andrew's Day") names a day, not what the day is about. */
const SAINT_NAME = /(?<![\p{L}\p{N}])(?:saint|sainte|st|ste)[\s.\-–]+\p{L}+/giu

/** The sector an event is about when the bank does not name it: a trade it names, else the words it uses. */
function eventSectorOf(text: string, source: Bank): Sector | undefined {
  const [trade] = rankEntries(text, lookups(source).preciseTrades, 1)
  return trade ? sectorOf(trade, source) : nearestSector(text.replace(SAINT_NAME, ' '), source)?.sector
}

export function matchTopics(input: Request, source: Bank = bank): TopicMatch {
  const extra = input.additionalInformation ?? ''
  const { calendar, seasons } = lookups(source)
  const named = rankEntries(input.event, calendar, 1)[0] ?? rankEntries(input.event, seasons, 1)[0]
  const eventSector = named ? undefined : eventSectorOf(input.event, source)
  const fromExtra = named || eventSector ? undefined : rankEntries(extra, calendar, 1)[0]
  return {
    ...matchActivity(input, source),
    event: named ?? fromExtra,
    eventKnown: named !== undefined,
    eventSector,
    words: {
      activity: new Set(meaningfulStems(input.companyActivity, source)),
      event: new Set(meaningfulStems(input.event, source)),
      extra: new Set(meaningfulStems(extra, source)),
    },
  }
}
