import type { GeneratorRequest } from '#src/features/ai-generator/experience-schema'
import { bank, sectorOf, type Bank, type CalendarEvent, type Sector, type Trade } from './bank'
import { KeywordIndex, matchesAt, mentionsAny, stem, stems, words, type Keyword, type KeywordHit } from './text-match'

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
  /** The activity is an industry no sector covers (a quarry, a paper mill): general facts are its own. */
  uncovered: boolean
  /** The bank event the event field names (a season included), or else one the additional information names. */
  event: CalendarEvent | undefined
  /** The event field names a bank event or season: its facts are about the visitor's event. */
  eventKnown: boolean
  /** The sector an event the bank does not name is about, by its words: the visitor's own when they belong to it as much. */
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
 * The keywords found in a text's stemmed words that say something: not inside a longer one found at the same
 * place, nor spelling less of the same words, nor made only of vague words.
 */
function tellingHits<T>(stemmed: readonly string[], index: KeywordIndex<T>, telling: (keyword: Keyword) => boolean): KeywordHit<T>[] {
  const hits = index.find(stemmed)
  const end = (hit: KeywordHit<T>) => hit.start + hit.keyword.parts.length
  const length = (hit: KeywordHit<T>) => hit.keyword.parts.length
  const spelled = (hit: KeywordHit<T>) => hit.keyword.parts.reduce((sum, part) => sum + part.length, 0)
  const covered = (hit: KeywordHit<T>) =>
    hits.some(
      (other) =>
        (length(other) > length(hit) && other.start <= hit.start && end(other) >= end(hit)) ||
        (other.start === hit.start && length(other) === length(hit) && spelled(other) > spelled(hit)),
    )
  return hits.filter((hit) => !covered(hit) && telling(hit.keyword))
}

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
  hidden: (hit: KeywordHit<T>) => boolean = () => false,
): T[] {
  const hits = tellingHits(stems(text), index, telling).filter((hit) => !hidden(hit))
  const scores = new Map<T, { starts: Set<number>; first: number; last: number }>()
  for (const hit of hits) {
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
/**
 * Heads with a trade's ending that name a place or a thing, not a trade; and teachers, whose world is what they
 * teach, as a lesson's is ("cours de piano"): "professeur de danse" is dance, "moniteur de parapente" paragliding.
 */
const NOT_TRADE_HEADS = new Set([
  ...['atelier', 'chantier', 'quartier', 'cellier', 'grenier', 'interieur', 'exterieur', 'secteur', 'centre'],
  ...['professeur', 'professeure', 'moniteur', 'monitrice', 'formateur', 'formatrice', 'educateur', 'educatrice', 'instructeur', 'instructrice'],
])

/** A role done in every world ("courtier en vins", "loueur de vélos") at the head leaves the world to its complement. */
function complementSide(text: string, found: Lookups): 'first' | 'last' {
  if (!COMPLEMENT_AFTER.test(text)) return 'first'
  const head = words(text)[0] ?? ''
  return TRADE_HEAD.test(head) && !NOT_TRADE_HEADS.has(head) && !found.roles.some((role) => matchesAt([stem(head)], 0, role)) ? 'first' : 'last'
}

/** Stands in the sector index for the industries no sector covers (quarries, steelworks, paper mills…). */
const UNCOVERED = Symbol('industry no sector covers')
/** Stands in the sector index for the phrases that name no world ("bank holiday"): they hide the world's word they hold. */
const NO_WORLD = Symbol('phrase of no world')

/** The bank's keywords indexed once, the first time a bank is matched against. */
interface Lookups {
  preciseTrades: KeywordIndex<Trade>
  genericTrades: KeywordIndex<Trade>
  calendar: KeywordIndex<CalendarEvent>
  seasons: KeywordIndex<CalendarEvent>
  /** Words of each sector's world (its vocabulary and its trades' own), of the industries no sector covers, and idioms. */
  sectors: KeywordIndex<Sector | typeof UNCOVERED | typeof NO_WORLD>
  /** Stems of the small words ("de", "à", "of"), which do not count inside a keyword of several words. */
  stopStems: Set<string>
  /** False for keywords made only of vague words ("boutique", "salon", "service client", "supplier"), which
   * every sector's customers use: they do not point at a sector. */
  telling: (keyword: Keyword) => boolean
  /** For each sector, its trades by their own words. */
  tradeWords: Map<Sector, KeywordIndex<Trade>>
  audience: readonly Keyword[]
  /** Stems of the services done to anything ("réparation", "cleaning"): at an activity's head they name its trade. */
  serviceHeads: Set<string>
  /** Stems of the vague words ("service", "specialist"), which are not an activity's head. */
  vague: Set<string>
  /** Roles done in every world ("consultant", "courtier", "loueur"): a trade they alone name gives way to the world of the other words. */
  roles: readonly Keyword[]
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
      sectors: new KeywordIndex<Sector | typeof UNCOVERED | typeof NO_WORLD>([...source.sectors, UNCOVERED, NO_WORLD], (entry) =>
        entry === UNCOVERED
          ? source.uncoveredIndustries
          : entry === NO_WORLD
            ? source.idioms
            : [...entry.vocabulary, ...entry.trades.flatMap((trade) => trade.vocabulary)],
        true,
      ),
      stopStems: new Set([...source.stopWords].map(stem)),
      telling,
      tradeWords: new Map(source.sectors.map((sector) => [sector, new KeywordIndex(sector.trades, (trade) => trade.vocabulary)])),
      audience: source.audienceWords,
      serviceHeads: new Set([...source.serviceHeads].map(stem)),
      vague,
      roles: source.roleWords,
    }
    lookupsByBank.set(source, found)
  }
  return found
}

/**
 * Words that say a world firmly: an unknown event's words that may take a guessed trade's places, or the
 * additional information's that may stand in for an activity whose words name no world.
 */
const FIRM_EVIDENCE = 2

/** Beyond this many sectors sharing the best score, the words say too little to choose: none is taken. */
const MAX_TIED_SECTORS = 2
const SAME_SCORE = 1e-9

interface SectorScore {
  entry: Sector | typeof UNCOVERED
  score: number
  /** Positions of the text's words it found. */
  positions: Set<number>
  first: number
  last: number
}

/** "de", "of": what follows is what the activity works on ("garde d'enfants", "care of the elderly"). */
const OBJECT_LINKS = new Set(['de', 'des', 'd', 'du', 'of'])
const ARTICLES = new Set(['le', 'la', 'l', 'les', 'the'])

/**
 * Where a text names the people a business serves ("initiation au numérique pour seniors", "prêts étudiants",
 * "payroll for small businesses"): positions among its words as the sectors' `find` reads them (`read`). They
 * say who the customers are, not the trade, so they point at a sector only when no other word of the text
 * does. After "de" or "of" they are what the business works on, its world: "sommeil des bébés" is childcare.
 */
function audiencePositions(read: readonly string[], found: Lookups): Set<number> {
  const positions = new Set<number>()
  read.forEach((_, start) => {
    let before = start - 1
    while (before >= 0 && ARTICLES.has(read[before]!)) before--
    if (before >= 0 && OBJECT_LINKS.has(read[before]!)) return
    for (const keyword of found.audience) if (matchesAt(read, start, keyword)) keyword.parts.forEach((_, offset) => positions.add(start + offset))
  })
  return positions
}

const FRENCH_LINKS = new Set(['de', 'du', 'des', 'd', 'a', 'au', 'aux', 'en', 'pour', 'et'])
const ENGLISH_LINKS = new Set(['of', 'for', 'with'])
const FIRST_CLAUSE_END = /[,;:.!?()\n]|\s[-–—]\s/

/**
 * Where a text's head is when it names a service done to anything ("réparation de drones de loisir", "leather
 * jacket and sofa repair", "nettoyage et fleurissement de tombes"): the trade is the service, whatever it is
 * done to. The head is the first clause's first word before a French link word, its last before an English one,
 * else its last word; vague words ("service", "specialist") are passed over. Undefined when the head is no such service.
 */
function headPosition(text: string, found: Lookups): number | undefined {
  // Only the first clause: in "garage automobile : vidange, réparation" the repairs are one service of a garage.
  const read = found.sectors.split(stems(text.split(FIRST_CLAUSE_END)[0]!))
  const link = read.findIndex((word) => FRENCH_LINKS.has(word) || ENGLISH_LINKS.has(word))
  const french = link > 0 && FRENCH_LINKS.has(read[link]!)
  const positions = read.map((_, position) => position).filter((position) => !found.vague.has(read[position]!))
  const head = french ? positions.find((position) => position < link) : positions.findLast((position) => link <= 0 || position < link)
  return head !== undefined && found.serviceHeads.has(read[head]!) ? head : undefined
}

/**
 * The sectors a text's words belong to, best first. Each word a sector's keyword finds counts for it, shared
 * equally between the sectors that find that word: a word of one world ("factoring") says more than a word of
 * several ("chorale": associations and culture). Each word of a keyword of several counts ("moulin à huile":
 * two), small words aside. A head naming a service done to anything says the world alone (`headPosition`). On
 * the same score, the side the text puts its world on comes first.
 */
function rankSectors(text: string, found: Lookups, side: 'first' | 'last'): SectorScore[] {
  const stemmed = stems(text)
  const claims = new Map<number, Set<SectorScore['entry']>>()
  // An idiom's hit hides the world's word inside it ("bank" in "bank holiday"), then counts for no world.
  const worldHits = tellingHits(stemmed, found.sectors, found.telling).filter((hit): hit is KeywordHit<SectorScore['entry']> => hit.entry !== NO_WORLD)
  for (const hit of worldHits) {
    hit.keyword.parts.forEach((part, offset) => {
      if (found.stopStems.has(part)) return
      const position = hit.start + offset
      const entries = claims.get(position) ?? new Set()
      claims.set(position, entries.add(hit.entry))
    })
  }
  const audience = audiencePositions(found.sectors.split(stemmed), found)
  if ([...claims.keys()].some((position) => !audience.has(position))) for (const position of audience) claims.delete(position)
  const head = headPosition(text, found)
  if (head !== undefined && claims.has(head)) for (const position of claims.keys()) if (position !== head) claims.delete(position)
  const scores = new Map<SectorScore['entry'], SectorScore>()
  for (const [position, entries] of claims) {
    for (const entry of entries) {
      const score = scores.get(entry) ?? { entry, score: 0, positions: new Set<number>(), first: position, last: position }
      scores.set(entry, {
        entry,
        score: score.score + 1 / entries.size,
        positions: score.positions.add(position),
        first: Math.min(score.first, position),
        last: Math.max(score.last, position),
      })
    }
  }
  const tie = side === 'first' ? (a: SectorScore, b: SectorScore) => a.first - b.first : (a: SectorScore, b: SectorScore) => b.last - a.last
  return [...scores.values()].sort((a, b) => (Math.abs(b.score - a.score) > SAME_SCORE ? b.score - a.score : tie(a, b)))
}

/**
 * The nearest sectors by the words of a text, with the trades of them whose own words the text uses: one
 * sector, or two when the same words belong as much to both ("chorale": associations and culture; on a tie
 * between different words, the side the text puts its world on decides). None (an empty list) when the words
 * belong rather to an industry no sector covers, or are shared by more sectors than that: the game then
 * takes its event's and general facts rather than a neighbouring sector's. Undefined when no word is known.
 * `found`: every sector the words found, best first, with its score, for the event to choose on a tie.
 */
export function nearestSector(
  text: string,
  source: Bank = bank,
): { sectors: Sector[]; trades: Trade[]; uncovered: boolean; evidence: number; found: { sector: Sector; score: number }[] } | undefined {
  const found = lookups(source)
  const side = complementSide(text, found)
  const ranked = rankSectors(text, found, side)
  // An industry no sector covers has to say more than every sector's words, not just come first on a tie:
  // "funeral flowers" is a florist's.
  const [best, ...others] = ranked[0]?.entry === UNCOVERED && ranked[1] && ranked[0].score - ranked[1].score <= SAME_SCORE ? ranked.slice(1) : ranked
  if (!best) return undefined
  const sameWords = (other: SectorScore) => other.positions.size === best.positions.size && [...other.positions].every((position) => best.positions.has(position))
  const tied = [best, ...others.filter((other) => best.score - other.score <= SAME_SCORE && sameWords(other))].map(({ entry }) => entry)
  const all = ranked.filter((each): each is SectorScore & { entry: Sector } => each.entry !== UNCOVERED).map(({ entry, score }) => ({ sector: entry, score }))
  if (tied.includes(UNCOVERED) || tied.length > MAX_TIED_SECTORS) return { sectors: [], trades: [], uncovered: tied.includes(UNCOVERED), evidence: 0, found: all }
  const sectors = withOccasion(tied.filter((entry): entry is Sector => entry !== UNCOVERED), text, source)
  const trades = sectors.flatMap((sector) => rankEntries(text, found.tradeWords.get(sector)!, MAX_TRADES, side))
  return { sectors, trades: trades.slice(0, MAX_TRADES), uncovered: false, evidence: best.score, found: all }
}

/** The ids of the sectors whose words a text holds ("rentrée scolaire": education). */
export function worldsNamedIn(text: string, source: Bank = bank): Set<string> {
  const hits = lookups(source).sectors.find(stems(text))
  return new Set(hits.flatMap(({ entry }) => (typeof entry === 'symbol' ? [] : [entry.id])))
}

/** Stems of the words that say something (not small words, not vague ones like "entreprise"). */
export function meaningfulStems(text: string, source: Bank = bank): string[] {
  const candidates = words(text).filter((word) => !source.stopWords.has(word) && (word.length >= MIN_MEANINGFUL_LENGTH || /^\d{2,}$/.test(word)))
  const precise = candidates.filter((word) => !source.genericWords.has(word))
  // "Lancement de notre offre" has only vague words, but they are still the visitor's event.
  return (precise.length ? precise : candidates).map(stem)
}

/** A saint's name in an event ("Sainte-Barbe", "St Andrew's Day") names a day, not what the day is about. */
const SAINT_NAME = /(?<![\p{L}\p{N}])(?:saint|sainte|st|ste)[\s.\-–]+\p{L}+/giu

/** The worlds an event's own words point at, best first (a saint's name aside). */
function rankEventWorlds(event: string, found: Lookups): { words: string; ranked: SectorScore[] } {
  const words = event.replace(SAINT_NAME, ' ')
  return { words, ranked: rankSectors(words, found, complementSide(words, found)) }
}

/**
 * When the activity's words give two or more worlds the same score, the event may say which one the business is
 * in: "shiatsu canin" for the "Journée internationale du chien" is animal care, not beauty; a "bespoke
 * shirtmaker" for a "Menswear week" is fashion, not crafts. The event's best world by its own words is taken
 * when it is one of them. Without a tie the activity decides alone: an "A-level results day" does not make a
 * "Pass Plus course for new drivers" education. Words so vague that more than two worlds share them stay so.
 */
function eventArbiter(event: string, near: NonNullable<ReturnType<typeof nearestSector>>, source: Bank): Sector | undefined {
  if (near.sectors.length === 0) return undefined
  const [best, second] = rankEventWorlds(event, lookups(source)).ranked
  if (!best || best.entry === UNCOVERED || (second && best.score - second.score <= SAME_SCORE)) return undefined
  const top = near.found[0]!.score
  const tied = near.found.filter(({ score }) => top - score <= SAME_SCORE).map(({ sector }) => sector)
  return tied.length > 1 && tied.includes(best.entry) ? best.entry : undefined
}

/** A text's words without the idioms it holds ("Bank holiday weekend": "weekend"), for the trades it may name. */
function withoutIdioms(text: string, source: Bank): string {
  const stemmed = stems(text)
  const hidden = new Set<number>()
  stemmed.forEach((_, start) => {
    for (const idiom of source.idioms) if (matchesAt(stemmed, start, idiom)) idiom.parts.forEach((_, offset) => hidden.add(start + offset))
  })
  return hidden.size ? words(text).filter((_, position) => !hidden.has(position)).join(' ') : text
}

/**
 * Trade names said inside a longer phrase of another world's, or of an industry no sector covers: "ostéopathe
 * animalier" is animal care, not the osteopath; "porte de garage" building, not the garage; "wind farm" no farm.
 * The rule of `tellingHits` (the longer keyword at a place wins), across the trades and the worlds' words, which
 * are indexed apart. Compared only when both indexes read the words alike (no English compound split).
 */
function hiddenByLongerPhrase(text: string, found: Lookups, source: Bank): (hit: KeywordHit<Trade>) => boolean {
  const stemmed = stems(text)
  if (found.sectors.split(stemmed).length !== stemmed.length || found.preciseTrades.split(stemmed).length !== stemmed.length) return () => false
  const phrases = tellingHits(stemmed, found.sectors, found.telling).filter((hit) => hit.entry !== NO_WORLD && hit.keyword.parts.length > 1)
  return (hit) => {
    const end = hit.start + hit.keyword.parts.length
    return phrases.some(
      (phrase) =>
        phrase.keyword.parts.length > hit.keyword.parts.length &&
        phrase.start <= hit.start &&
        phrase.start + phrase.keyword.parts.length >= end &&
        phrase.entry !== sectorOf(hit.entry, source),
    )
  }
}

/**
 * Trade names that only say a role done in every world ("consultant", "auctioneer", "loueur", "courtier") when the
 * activity's other words name a world: a garden consultant gardens, a cattle auctioneer sells cattle, a
 * "loueur de vélos" hires bikes out to tourists; said alone, the role still names its trade.
 */
function hiddenByTheirWorld(text: string, found: Lookups, source: Bank): (hit: KeywordHit<Trade>) => boolean {
  const stemmed = stems(text)
  if (found.preciseTrades.split(stemmed).length !== stemmed.length) return () => false
  const roles = new Set<number>()
  stemmed.forEach((_, start) => {
    for (const role of found.roles) if (matchesAt(stemmed, start, role)) role.parts.forEach((_, offset) => roles.add(start + offset))
  })
  if (roles.size === 0) return () => false
  const others = words(text)
    .filter((_, position) => !roles.has(position))
    .join(' ')
  const othersNameAWorld = (nearestSector(others, source)?.sectors.length ?? 0) > 0
  return (hit) => othersNameAWorld && hit.keyword.parts.every((_, offset) => roles.has(hit.start + offset))
}

/** The visitor's world, and how many of the activity's words say so: a named trade says it outright. */
type ActivityMatch = Pick<TopicMatch, 'trades' | 'sectors' | 'nearTrades' | 'uncovered'> & { evidence: number }

/** A named trade says the visitor's world outright. */
const byTrades = (trades: Trade[], source: Bank): ActivityMatch => ({
  trades,
  sectors: [...new Set(trades.map((trade) => sectorOf(trade, source)))],
  nearTrades: [],
  uncovered: false,
  evidence: Number.POSITIVE_INFINITY,
})

/**
 * What a place offers comes after "with" or "avec": a "hotel with a spa and restaurant" is a hotel, not a spa.
 * The words before it, or undefined when the activity has no such part or begins with it.
 */
const AMENITIES = /\s(?:with|avec|featuring|including)\s/iu
function amenityHead(activity: string): string | undefined {
  const amenities = AMENITIES.exec(activity)
  return amenities && amenities.index > 0 ? activity.slice(0, amenities.index) : undefined
}

const PURPOSE_LINKS = new Set(['pour', 'for'])

/**
 * The world of the occasions a business is hired for, named after "pour" or "for" ("chanteuse pour mariages",
 * "string quartet for weddings"): a singer or a caterer booked for weddings works in their world as much as in
 * its trade's. Undefined when no occasion is named there, or when its words belong to several worlds.
 */
function occasionWorld(activity: string, source: Bank): Sector | undefined {
  const found = lookups(source)
  const stemmed = stems(activity)
  const read = found.sectors.split(stemmed)
  const link = read.findIndex((word) => PURPOSE_LINKS.has(word))
  if (link < 0) return undefined
  const occasions = new Set(read.flatMap((_, start) => (start > link && source.occasionWords.some((keyword) => matchesAt(read, start, keyword)) ? [start] : [])))
  if (!occasions.size) return undefined
  const worlds = new Set(
    tellingHits(stemmed, found.sectors, found.telling)
      .filter((hit) => occasions.has(hit.start))
      .flatMap(({ entry }) => (entry === UNCOVERED || entry === NO_WORLD ? [] : [entry])),
  )
  return worlds.size === 1 ? [...worlds][0] : undefined
}

/** One world and the occasions' when the text names occasions of another after "pour" or "for". */
function withOccasion(sectors: Sector[], text: string, source: Bank): Sector[] {
  const occasion = sectors.length === 1 ? occasionWorld(text, source) : undefined
  return occasion && occasion !== sectors[0] ? [...sectors, occasion] : sectors
}

/**
 * The world an activity's own words give: the trades it names, else the nearest sector by its words (which
 * reads the occasions it is hired for itself), with the occasions' world.
 */
function matchActivityWords(activity: string, event: string, source: Bank): ActivityMatch | undefined {
  const found = lookups(source)
  const spoken = withoutIdioms(activity, source)
  const longer = hiddenByLongerPhrase(spoken, found, source)
  const role = hiddenByTheirWorld(spoken, found, source)
  const trades = rankEntries(spoken, found.preciseTrades, MAX_TRADES, 'first', undefined, (hit) => longer(hit) || role(hit))
  if (trades.length) {
    const named = byTrades(trades, source)
    return { ...named, sectors: withOccasion(named.sectors, activity, source) }
  }
  const near = nearestSector(activity, source)
  if (!near) return undefined
  const arbiter = eventArbiter(event, near, source)
  if (arbiter) {
    const nearTrades = rankEntries(activity, found.tradeWords.get(arbiter)!, MAX_TRADES, complementSide(activity, found))
    return { trades: [], sectors: withOccasion([arbiter], activity, source), nearTrades, uncovered: false, evidence: near.evidence }
  }
  return { trades: [], sectors: near.sectors, nearTrades: near.trades, uncovered: near.uncovered, evidence: near.evidence }
}

function matchActivity(input: Request, source: Bank): ActivityMatch {
  const { preciseTrades, genericTrades } = lookups(source)
  const ofActivity = matchActivityWords(input.companyActivity, input.event, source)
  // What a place is comes before what it offers: its trades first ("salle de sport avec sauna": the gym, then the
  // spa), or the world its words say when it names none. Not when the head is how a service is given ("séances
  // avec un ostéopathe"): there the trade named after "avec" says the world.
  const head = amenityHead(input.companyActivity)
  const ofHead = ofActivity?.trades.length && head !== undefined && !mentionsAny(head, source.sessionWords) ? matchActivityWords(head, input.event, source) : undefined
  if (ofHead?.trades.length) return byTrades([...new Set([...ofHead.trades, ...ofActivity!.trades])].slice(0, MAX_TRADES), source)
  if (ofHead?.sectors.length) return ofHead
  if (ofActivity) return ofActivity
  // The company name names a trade outright ("Boulangerie Martin"), or its words count as the additional
  // information's do (below): one word ("Maison", "Le Jardin des saveurs") says little of what the business does.
  const fromName = rankEntries(input.companyName, preciseTrades)
  if (fromName.length) return byTrades(fromName, source)
  // Then the company name's or the additional information's words, only when two of them say the same world:
  // "loss assessor" is in no vocabulary, "Loss Adjusters UK" is finance; nor is "mobile phlebotomy service",
  // "Home blood tests for GP and private requests" is health.
  for (const text of [input.companyName, input.additionalInformation ?? '']) {
    const firm = nearestSector(text, source)
    if (firm?.sectors.length && firm.evidence >= FIRM_EVIDENCE - SAME_SCORE) return { trades: [], sectors: firm.sectors, nearTrades: firm.trades, uncovered: false, evidence: firm.evidence }
  }
  const catchAll = rankEntries(input.companyActivity, genericTrades, 1)
  if (catchAll.length) return byTrades(catchAll, source)
  // A factory making what no sector knows ("spring manufacturer", "fabrication de colles") is an industry no
  // sector covers: its event's words ("Engineering Week", "Journée de la chimie") do not make it one's.
  return { trades: [], sectors: [], nearTrades: [], uncovered: mentionsAny(input.companyActivity, source.industryWords), evidence: 0 }
}

/**
 * The sector an event is about when the bank does not name it: a trade it names, else the words it uses. When
 * its words belong at least as much to the visitor's own world as to any other, it is about that world:
 * "Opération chaussures comme neuves" at a cobbler's is about repairs, though shoes are also fashion's; a honey
 * week at a bakery is still about bees. `ownEvidence`: how many of the activity's words gave the visitor's world.
 */
function eventSectorOf(text: string, source: Bank, own: readonly Sector[], ownEvidence: number): Sector | undefined {
  const found = lookups(source)
  const { words, ranked } = rankEventWorlds(text, found)
  const ours = ranked.find(({ entry }) => own.some((sector) => sector === entry))
  if (ours && ranked[0]!.score - ours.score <= SAME_SCORE) return ours.entry as Sector
  // When the visitor's world was only guessed from the activity's words, another world takes two of its places
  // only on as much evidence, or two words: "Vacances de février" at a driving school is not about tourism. A
  // named trade leaves the event its words: "Semaine du chat" at a bakery is about cats (an idiom aside: a
  // bakery's "Bank holiday weekend" names no bank).
  if (own.length && Number.isFinite(ownEvidence) && (ranked[0]?.score ?? 0) < Math.min(FIRM_EVIDENCE, ownEvidence) - SAME_SCORE) return undefined
  const [trade] = rankEntries(withoutIdioms(text, source), found.preciseTrades, 1)
  return trade ? sectorOf(trade, source) : nearestSector(words, source)?.sectors[0]
}

/**
 * Who makes what a sector speaks of may belong to another sector (its `makers`): a hot sauce maker or a
 * "fabrication de plats cuisinés" sells what it makes to take away or to shops, as food shops do (NAF 10), and
 * serves no table (NAF 56). Named trades included: a pizza dough manufacturer is no pizzeria, and is not named so.
 */
function asMakers(activity: ActivityMatch, text: string, source: Bank): ActivityMatch {
  const moved = activity.sectors.map((sector) => source.sectors.find(({ id }) => id === sector.makers) ?? sector)
  if (moved.every((sector, index) => sector === activity.sectors[index]) || !mentionsAny(text, source.makerWords)) return activity
  const sectors = [...new Set(moved)]
  const kept = (trade: Trade) => sectors.includes(sectorOf(trade, source))
  return { ...activity, sectors, trades: activity.trades.filter(kept), nearTrades: activity.nearTrades.filter(kept) }
}

export function matchTopics(input: Request, source: Bank = bank): TopicMatch {
  const extra = input.additionalInformation ?? ''
  const { calendar, seasons } = lookups(source)
  // A charity's "bake sale" is not the sales: an idiom names no event either.
  const event = withoutIdioms(input.event, source)
  const named = rankEntries(event, calendar, 1)[0] ?? rankEntries(event, seasons, 1)[0]
  const { evidence, ...activity } = asMakers(matchActivity(input, source), input.companyActivity, source)
  const eventSector = named ? undefined : eventSectorOf(input.event, source, activity.sectors, evidence)
  const fromExtra = named || eventSector ? undefined : rankEntries(extra, calendar, 1)[0]
  return {
    ...activity,
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
