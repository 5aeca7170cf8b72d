/**
 * How the generator compares words: without accents, case or ligatures, and with plurals folded onto the
 * singular, so "Fête des Mères", "fete des meres" and "FÊTES DES MÈRES" are the same three words.
 */

/** Lowercase, accents and ligatures removed. */
export function fold(text: string): string {
  return text
    .replace(/[œŒ]/g, 'oe')
    .replace(/[æÆ]/g, 'ae')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
}

/** A singular stem: French and English plurals (-s, -x, -ies) dropped on words long enough to have one. */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`
  if (word.length > 3 && /[sx]$/.test(word)) return word.slice(0, -1)
  return word
}

/** The folded words of a text, digits included: "L'Avent 2025 !" → ["l", "avent", "2025"]. */
export function words(text: string): string[] {
  return fold(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean)
}

/** The stemmed words of a text, what keywords are compared with. */
export function stems(text: string): string[] {
  return words(text).map(stem)
}

/**
 * A keyword of the bank: one or more words, the last one possibly ending in `*` to match any word that
 * starts with it ("boulang*" for boulanger, boulangère, boulangerie).
 */
export interface Keyword {
  source: string
  parts: string[]
  prefix: boolean
}

export function compileKeyword(source: string): Keyword {
  const prefix = source.trimEnd().endsWith('*')
  const parts = words(source.replace(/\*\s*$/, ''))
  return { source, prefix, parts: prefix ? [...parts.slice(0, -1).map(stem), parts.at(-1) ?? ''] : parts.map(stem) }
}

/** Where the keyword first occurs in stemmed words, or -1. */
export function findKeyword(text: readonly string[], keyword: Keyword): number {
  const { parts, prefix } = keyword
  if (parts.length === 0) return -1
  for (let start = 0; start + parts.length <= text.length; start++) {
    const matches = parts.every((part, offset) => {
      const word = text[start + offset]!
      return prefix && offset === parts.length - 1 ? word.startsWith(part) : word === part
    })
    if (matches) return start
  }
  return -1
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
