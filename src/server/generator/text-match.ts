/**
 * How the generator compares words: without accents, case or ligatures, and with plurals folded onto the
 * singular, so "Fête des Mères", "fete des meres" and "FÊTES DES MÈRES" are the same three words.
 */

/**
 * The value cached for `key`, computed once. The generator reads the same texts and words request after
 * request (the bank's facts, common words, the visitor's fields); a cache is emptied when it holds `limit`
 * keys, so a long-running server (a Worker has 128 MB) stays bounded.
 */
function remembered<V>(cache: Map<string, V>, key: string, compute: () => V, limit = TEXT_CACHE_SIZE): V {
  let value = cache.get(key)
  if (value === undefined) {
    if (cache.size >= limit) cache.clear()
    value = compute()
    cache.set(key, value)
  }
  return value
}
const TEXT_CACHE_SIZE = 20_000
/** Per keyword index: the bank has about thirty-five of them. */
const WORD_CACHE_SIZE = 5_000
const foldCache = new Map<string, string>()

/** Lowercase, accents and ligatures removed. */
export function fold(text: string): string {
  return remembered(foldCache, text, () =>
    text
      .replace(/[œŒ]/g, 'oe')
      .replace(/[æÆ]/g, 'ae')
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase(),
  )
}

/** A text as two answers or questions are compared: folded, its punctuation and spacing aside ("Vrai." is "vrai"). */
export function comparable(text: string): string {
  return fold(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

/** No two of the texts read alike once compared: the rule a game's answers and the bank's both keep. */
export function allDistinct(texts: readonly string[]): boolean {
  return new Set(texts.map(comparable)).size === texts.length
}

/**
 * English "-y" after a consonant written as French "-ie", so "bakery" and "bakeries", "bougie" and "bougies",
 * "pharmacy" and "pharmacie" share one stem (turning "-ies" into "-y" broke French plurals: "bougies").
 */
function yAsIe(word: string): string {
  return word.length > 3 && /[^aeiouy]y$/.test(word) ? `${word.slice(0, -1)}ie` : word
}

/** A singular stem: French and English plurals (-s, -x) dropped on words long enough to have one. */
export function stem(word: string): string {
  return yAsIe(word.length > 3 && /[sx]$/.test(word) ? word.slice(0, -1) : word)
}

/** The folded words of a text, digits included: "L'Avent 2025 !" → ["l", "avent", "2025"]. */
export function words(text: string): string[] {
  return fold(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean)
}

const stemCache = new Map<string, readonly string[]>()

/** The stemmed words of a text, what keywords are compared with. */
export function stems(text: string): readonly string[] {
  return remembered(stemCache, text, () => words(text).map(stem))
}

/**
 * A keyword of the bank: one or more words, the last one possibly ending in `*` to match any word that
 * starts with it ("boulang*" for boulanger, boulangère, boulangerie); or a single word starting with `*` to
 * match the longer words that end with it ("*thérapeute" for ergothérapeute, psychothérapeute).
 */
export interface Keyword {
  source: string
  parts: string[]
  prefix: boolean
  suffix: boolean
  /**
   * A prefix ending in "s" or "x" ("mattress*", "matelas*", "wedding dress*") also meets the bare word it spells,
   * whose stem has lost that letter ("mattress" → "mattres"): else only its longer forms ("mattresses") did.
   * That stem, when it differs from the last part.
   */
  bare?: string
}

export function compileKeyword(source: string): Keyword {
  const trimmed = source.trim()
  const prefix = trimmed.endsWith('*')
  const suffix = trimmed.startsWith('*')
  const found = words(trimmed.replace(/^\*|\*$/g, ''))
  const parts = prefix ? [...found.slice(0, -1).map(stem), yAsIe(found.at(-1) ?? '')] : found.map(stem)
  const last = parts.at(-1)
  const bare = prefix && last !== undefined && stem(last) !== last ? stem(last) : undefined
  return { source, prefix, suffix, parts, ...(bare ? { bare } : {}) }
}

function matchesPart(word: string, part: string, keyword: Keyword, last: boolean): boolean {
  if (keyword.suffix) return word.length > part.length && word.endsWith(part)
  return keyword.prefix && last ? word.startsWith(part) || word === keyword.bare : word === part
}

/** Where the keyword first occurs in stemmed words, or -1. */
export function findKeyword(text: readonly string[], keyword: Keyword): number {
  const { parts } = keyword
  if (parts.length === 0) return -1
  for (let start = 0; start + parts.length <= text.length; start++) {
    if (parts.every((part, offset) => matchesPart(text[start + offset]!, part, keyword, offset === parts.length - 1))) return start
  }
  return -1
}

/** True when the keyword occurs at this place of the stemmed words. */
export function matchesAt(text: readonly string[], start: number, keyword: Keyword): boolean {
  const { parts } = keyword
  return start + parts.length <= text.length && parts.every((part, offset) => matchesPart(text[start + offset]!, part, keyword, offset === parts.length - 1))
}

/** A keyword of some entry found in a text, and where it starts. */
export interface KeywordHit<T> {
  entry: T
  keyword: Keyword
  start: number
}

/**
 * Heads of English closed compounds ("candlemaker", "dogwalker", "flowershop"): the noun of the person or
 * place, after the word that says what it is about. Stems, as `stem` writes them.
 */
const COMPOUND_HEADS = ['maker', 'making', 'smith', 'shop', 'store', 'monger', 'keeper', 'keeping', 'builder', 'building', 'worker', 'work', 'wright', 'seller', 'grower', 'walker', 'sitter', 'minder', 'wash', 'cleaner', 'cleaning', 'care', 'hire', 'house', 'yard', 'mill', 'school', 'farm', 'repair', 'trainer']
const MIN_COMPOUND_PART = 3

/**
 * Endings of one trade's or activity's derived names, as `stem` writes them: the person, the place, the
 * practice and the feminine ("chocolatier" and "chocolaterie", "orthophoniste" and "orthophonie", "taxidermist"
 * and "taxidermy", "coiffeuse" and "coiffeur"), each pair tried both ways; and the English doer read as the
 * doing ("groomer": grooming), not back: "planting" is no planter.
 */
const BOTH_WAYS: [string, string][] = [
  ['ist', 'ie'],
  ['ist', 'ing'],
  ['er', 'erie'],
  ['ier', 'erie'],
  ['iere', 'erie'],
  ['ier', 'iere'],
  ['er', 'ere'],
  ['eur', 'euse'],
  ['eur', 'rice'],
  ['ien', 'ienne'],
  ['iste', 'ie'],
  ['ogue', 'ogie'],
  ['eute', 'ie'],
]
const DERIVED_ENDINGS: [string, string][] = [['er', 'ing'], ...BOTH_WAYS, ...BOTH_WAYS.map(([one, other]): [string, string] => [other, one])]
/**
 * Plurals `stem` cannot fold, as it leaves them: French "-aux" of "-al" and "-ail" ("chevaux": "chevau"), and
 * English "-es" after a hiss ("leashes": "leashe"), "-men", "-ves" ("knives": "knive") and "-oes". `stem` cannot
 * drop these endings itself: "tuyaux" is "tuyau", "vaches" keeps its "e".
 */
const PLURAL_ENDINGS: [RegExp, string[]][] = [
  [/(?<=\w{3})au$/, ['al', 'ail']],
  [/(?<=\w{2}(?:ch|sh|ss|x|z))e$/, ['']],
  [/(?<=\w{2})men$/, ['man']],
  [/(?<=\w{2})ve$/, ['f', 'fe']],
  [/(?<=\w{3}o)e$/, ['']],
]

/** A derived name's stem before its ending: shorter ones read too many words ("letter" as "letting", "tower" as "towing"). */
const MIN_DERIVED_STEM = 5

/**
 * Keywords looked up by the words of a text instead of tried one by one: the bank holds thousands of them,
 * and a game looks for them in a dozen texts. A word that writes a two-word keyword closed ("rollershutter"),
 * or that no keyword knows and is an English compound of a known word and a head ("cheesemaker"), is read as
 * the two words.
 */
export class KeywordIndex<T> {
  /** By first word: whole-word keywords, and multi-word ones whatever their last word. */
  private readonly byFirstWord = new Map<string, [T, Keyword][]>()
  /** Single words ending in `*`, by their beginning. */
  private readonly byBeginning = new Map<string, [T, Keyword][]>()
  /** Single words starting with `*`, by their ending. */
  private readonly byEnding = new Map<string, [T, Keyword][]>()
  /** The words after the first of keywords of several ("builder" in "pool builder*"): known there, not to be read as another. */
  private readonly laterWords = new Set<string>()
  /**
   * Each word as `split` reads it, and the keywords `find` tries at it: the bank's indexes last as long as
   * the server. Trying every cut, beginning and ending of each word against the keywords took a quarter of
   * a game's generation and quality check before these caches.
   */
  private readonly partsOfWord = new Map<string, readonly string[]>()
  private readonly keywordsOfWord = new Map<string, readonly [T, Keyword][]>()

  /**
   * `derivedNames`: a word no keyword knows may be read as another name of the same trade ("groomer": grooming).
   * For the worlds' words only: a derived name says the world, not that the bank names the visitor's trade.
   */
  constructor(
    entries: readonly T[],
    keywordsOf: (entry: T) => readonly Keyword[],
    private readonly derivedNames = false,
  ) {
    for (const entry of entries) {
      for (const keyword of keywordsOf(entry)) {
        const [first, ...later] = keyword.parts
        if (first === undefined) continue
        for (const part of later) this.laterWords.add(part)
        const map = keyword.suffix ? this.byEnding : keyword.prefix && keyword.parts.length === 1 ? this.byBeginning : this.byFirstWord
        const list = map.get(first)
        if (list) list.push([entry, keyword])
        else map.set(first, [[entry, keyword]])
        // "mattress*" is also the bare "mattress", stemmed "mattres", which no beginning of it spells.
        if (map === this.byBeginning && keyword.bare) this.byFirstWord.set(keyword.bare, [...(this.byFirstWord.get(keyword.bare) ?? []), [entry, keyword]])
      }
    }
  }

  /** True when some keyword starts with the word, or it is a whole word, beginning or ending of one. */
  private knows(word: string): boolean {
    if (this.byFirstWord.has(word)) return true
    for (let length = 1; length <= word.length; length++) if (this.byBeginning.has(word.slice(0, length))) return true
    for (let cut = 1; cut < word.length; cut++) if (this.byEnding.has(word.slice(cut))) return true
    return false
  }

  /**
   * "rollershutter" as ["roller", "shutter"] when a keyword of two words spells it, whatever its head: the longer
   * keyword wins over a shorter one that only begins the word ("roller*"), as it would written apart.
   */
  private closedPhrase(word: string): string[] | undefined {
    for (let cut = MIN_COMPOUND_PART; cut <= word.length - MIN_COMPOUND_PART; cut++) {
      const parts = [word.slice(0, cut), word.slice(cut)]
      if (this.byFirstWord.get(parts[0]!)?.some(([, keyword]) => keyword.parts.length === 2 && matchesAt(parts, 0, keyword))) return parts
    }
    return undefined
  }

  /** A keyword's word known whole: one that only begins it ("géomètre*" in "geometreute") says nothing of its ending. */
  private knowsWhole(word: string): boolean {
    return this.byFirstWord.has(word) || this.byBeginning.has(word)
  }

  /** "chevau" (chevaux) as "cheval", "leashe" (leashes) as "leash", when no keyword knows it but one knows its singular. */
  private singular(word: string): string | undefined {
    for (const [ending, singulars] of PLURAL_ENDINGS) {
      if (!ending.test(word)) continue
      // Stemmed as the bank's keywords are: "canicross" is "canicros".
      const found = singulars.map((end) => stem(word.replace(ending, end))).find((candidate) => this.knowsWhole(candidate))
      if (found) return found
    }
    return undefined
  }

  /** "groomer" as "grooming" when no keyword knows it but one knows the other name of the same trade. */
  private derivedName(word: string): string | undefined {
    for (const [from, to] of DERIVED_ENDINGS) {
      if (!word.endsWith(from) || word.length - from.length < MIN_DERIVED_STEM) continue
      const derived = word.slice(0, -from.length) + to
      if (this.knowsWhole(derived)) return derived
    }
    return undefined
  }

  /**
   * "candlemaker" as ["candle", "maker"] when no keyword knows it whole but one knows "candle"; first, a plural
   * as its singular known whole ("tribunaux": tribunal, though "trib*" begins it), and a word no keyword knows as
   * another name of the same trade ("fishkeeper" is fishkeeping, not fish). Not a word a longer keyword holds.
   */
  private compoundParts(word: string): string[] | undefined {
    if (this.byFirstWord.has(word)) return undefined
    const phrase = this.closedPhrase(word)
    if (phrase) return phrase
    const held = this.laterWords.has(word)
    const singular = held ? undefined : this.singular(word)
    if (singular) return [singular]
    if (this.knows(word)) return undefined
    const derived = this.derivedNames && !held ? this.derivedName(word) : undefined
    if (derived) return [derived]
    for (const head of COMPOUND_HEADS) {
      const modifier = word.slice(0, -head.length)
      if (word.endsWith(head) && modifier.length >= MIN_COMPOUND_PART && this.knows(stem(modifier))) return [stem(modifier), head]
    }
    return undefined
  }

  /** The stemmed words as `find` reads them, compounds split: the positions its hits start at. */
  split(stemmed: readonly string[]): string[] {
    return stemmed.flatMap((word) => remembered(this.partsOfWord, word, () => this.compoundParts(word) ?? [word], WORD_CACHE_SIZE))
  }

  /** Each keyword found in the stemmed words of a text, at its first place. */
  find(stemmed: readonly string[]): KeywordHit<T>[] {
    const text = this.split(stemmed)
    const hits: KeywordHit<T>[] = []
    const seen = new Set<Keyword>()
    const consider = (candidates: readonly [T, Keyword][], start: number) => {
      for (const [entry, keyword] of candidates) {
        if (seen.has(keyword) || !matchesAt(text, start, keyword)) continue
        seen.add(keyword)
        hits.push({ entry, keyword, start })
      }
    }
    text.forEach((word, start) => consider(this.keywordsAt(word), start))
    return hits
  }

  /** The keywords a hit may start at a word with: whole, by its beginnings, by its endings, in that order. */
  private keywordsAt(word: string): readonly [T, Keyword][] {
    return remembered(this.keywordsOfWord, word, () => {
      const candidates = [...(this.byFirstWord.get(word) ?? [])]
      for (let length = 1; length <= word.length; length++) candidates.push(...(this.byBeginning.get(word.slice(0, length)) ?? []))
      for (let cut = 1; cut < word.length; cut++) candidates.push(...(this.byEnding.get(word.slice(cut)) ?? []))
      return candidates
    }, WORD_CACHE_SIZE)
  }

  has(text: readonly string[]): boolean {
    return this.find(text).length > 0
  }
}

/** True when any keyword occurs in the text. */
export function mentionsAny(text: string, keywords: readonly Keyword[]): boolean {
  const textStems = stems(text)
  return keywords.some((keyword) => findKeyword(textStems, keyword) >= 0)
}

/** Sentences of a free text, trimmed, each keeping its final punctuation. */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?…])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => words(sentence).length > 0)
}

/** Cuts a text to `max` characters at a word boundary, with an ellipsis when it was cut. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  const boundary = cut.lastIndexOf(' ')
  return `${(boundary > max / 2 ? cut.slice(0, boundary) : cut).replace(/[\s,;:.\-–—]+$/, '')}…`
}

/** First letter upper case, the rest as written. */
export function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase('fr') + text.slice(1)
}
