import type LinkifyIt from 'linkify-it'
import type { Token, Tokens } from 'marked'
import { normalizeLink, normalizeLinkText, validateLink } from './markdown-links'

/**
 * markdown-it's inline finishing steps, run on the inline tokens marked produced for one block: line-break
 * whitespace (its `newline` rule), strikethrough pairing (`strikethrough` + `balance_pairs`), then its core
 * rules `linkify`, `replacements` and `smartquotes`, each a port of markdown-it 14's own code.
 */

/** Links created from bare URLs or `<…>` autolinks: markdown-it leaves their text without typographic replacements. */
export const autolinks = new WeakSet<Token>()

export function textToken(text: string): Tokens.Text {
  return { type: 'text', raw: text, text }
}

interface FlatToken {
  /** `special` is markdown-it's text_special (an escape, a character reference), never rewritten. */
  kind: 'text' | 'special' | 'break' | 'open' | 'close' | 'other'
  level: number
  /** What markdown-it's token.content holds: the character context smartquotes look at. */
  content: string
  token: Token
  siblings: Token[]
  index: number
  inLink: boolean
  inAutolink: boolean
}

const WRAPPERS = new Set(['em', 'strong', 'del', 'link'])

/** The inline tokens in markdown-it's flat order, with their nesting level (images keep their children apart). */
function flatten(tokens: Token[], level = 0, inLink = false, inAutolink = false, out: FlatToken[] = []): FlatToken[] {
  tokens.forEach((token, index) => {
    const base = { level, token, siblings: tokens, index, inLink, inAutolink }
    if (WRAPPERS.has(token.type) && 'tokens' in token && token.tokens) {
      const isLink = token.type === 'link'
      out.push({ ...base, kind: 'open', content: '' })
      flatten(token.tokens, level + 1, inLink || isLink, inAutolink || (isLink && autolinks.has(token)), out)
      out.push({ ...base, kind: 'close', content: '' })
    } else if (token.type === 'text') out.push({ ...base, kind: 'text', content: token.text })
    else if (token.type === 'escape' || token.type === 'textSpecial') out.push({ ...base, kind: 'special', content: token.text })
    else if (token.type === 'br') out.push({ ...base, kind: 'break', content: '' })
    else out.push({ ...base, kind: 'other', content: 'text' in token && typeof token.text === 'string' ? token.text : '' })
  })
  return out
}

/** markdown-it's text tokens are maximal runs (its fragments_join). */
function joinText(tokens: Token[]): void {
  for (let index = 0; index < tokens.length; index++) {
    const current = tokens[index]!
    if ('tokens' in current && current.tokens && current.type !== 'image') joinText(current.tokens)
    const previous = tokens[index - 1]
    if (previous?.type === 'text' && current.type === 'text' && !('tokens' in previous && previous.tokens)) {
      previous.text += current.text
      previous.raw += current.raw
      tokens.splice(index--, 1)
    }
  }
}

/** markdown-it's newline rule: one space before a soft break and the next line's indentation are dropped. */
function trimLineBreaks(flat: FlatToken[]): void {
  flat.forEach((item, index) => {
    if (item.kind !== 'text') return
    const text = item.token as Tokens.Text
    text.text = text.text.replace(/ ?\n[ \t]*/g, '\n')
    if (flat[index - 1]?.kind === 'break') text.text = text.text.replace(/^[ \t]+/, '')
  })
}

const isAsciiPunct = (code: number) =>
  (code >= 0x21 && code <= 0x2f) || (code >= 0x3a && code <= 0x40) || (code >= 0x5b && code <= 0x60) || (code >= 0x7b && code <= 0x7e)
const isPunct = (code: number) => isAsciiPunct(code) || /[\p{P}\p{S}]/u.test(String.fromCodePoint(code))
const isWhiteSpace = (code: number) =>
  (code >= 0x2000 && code <= 0x200a) || [0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0, 0x1680, 0x202f, 0x205f, 0x3000].includes(code)

/** markdown-it's scanDelims: whether a delimiter run between these characters may open and may close. */
function flanking(lastChar: number, nextChar: number) {
  const lastPunct = isPunct(lastChar)
  const nextPunct = isPunct(nextChar)
  const lastSpace = isWhiteSpace(lastChar)
  const nextSpace = isWhiteSpace(nextChar)
  return {
    open: !nextSpace && (!nextPunct || lastSpace || lastPunct),
    close: !lastSpace && (!lastPunct || nextSpace || nextPunct),
  }
}

interface Delimiter {
  piece: number
  open: boolean
  close: boolean
  end: number
}

/** markdown-it's balance_pairs for delimiters of one marker whose length is 0 (strikethrough: no rule of 3). */
function balancePairs(delimiters: Delimiter[]): void {
  const jumps: number[] = []
  // Lowest opener worth trying again, for closers that cannot / can also open.
  const openersBottom = [-1, -1]
  let headerIdx = 0
  let lastPiece = -2
  delimiters.forEach((closer, closerIdx) => {
    jumps.push(0)
    if (lastPiece !== closer.piece - 1) headerIdx = closerIdx
    lastPiece = closer.piece
    if (!closer.close) return
    const bottom = openersBottom[closer.open ? 1 : 0]!
    let openerIdx = headerIdx - jumps[headerIdx]! - 1
    let newBottom = openerIdx
    for (; openerIdx > bottom; openerIdx -= jumps[openerIdx]! + 1) {
      const opener = delimiters[openerIdx]!
      if (!opener.open || opener.end >= 0) continue
      const lastJump = openerIdx > 0 && !delimiters[openerIdx - 1]!.open ? jumps[openerIdx - 1]! + 1 : 0
      jumps[closerIdx] = closerIdx - openerIdx + lastJump
      jumps[openerIdx] = lastJump
      closer.open = false
      opener.end = closerIdx
      opener.close = false
      newBottom = -1
      lastPiece = -2
      break
    }
    if (newBottom !== -1) openersBottom[closer.open ? 1 : 0] = newBottom
  })
}

type Piece = Token | { type: 'mark'; raw: string } | { type: 's_open' | 's_close' }

function firstChar(token: Token | undefined, fallback: number): number {
  return token?.raw ? token.raw.charCodeAt(0)! : fallback
}

function lastChar(token: Token | undefined, fallback: number): number {
  return token?.raw ? token.raw.charCodeAt(token.raw.length - 1)! : fallback
}

/**
 * markdown-it's strikethrough: runs of `~` pair two by two (`~~~~a~~ b~~` nests); an odd run leaves one `~` as
 * text. marked has already split emphasis and links, so pairs form within one list of sibling tokens.
 */
function strikethrough(tokens: Token[], before: number, after: number): void {
  for (const token of tokens) {
    if (token.type === 'link' && token.tokens) strikethrough(token.tokens, 0x5b, 0x20)
    else if ((token.type === 'em' || token.type === 'strong' || token.type === 'del') && token.tokens) {
      strikethrough(token.tokens, token.raw.charCodeAt(0)!, token.raw.charCodeAt(token.raw.length - 1)!)
    }
  }
  if (!tokens.some((token) => token.type === 'text' && token.text.includes('~~'))) return
  const pieces: Piece[] = []
  const delimiters: Delimiter[] = []
  tokens.forEach((token, index) => {
    if (token.type !== 'text' || !token.text.includes('~~')) {
      pieces.push(token)
      return
    }
    const text = token.text
    const pattern = /~+/g
    let last = 0
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
      let length = match[0].length
      if (length < 2) continue
      const end = match.index + length
      const previous = match.index > 0 ? text.charCodeAt(match.index - 1)! : lastChar(tokens[index - 1], before)
      const next = end < text.length ? text.charCodeAt(end)! : firstChar(tokens[index + 1], after)
      const { open, close } = flanking(previous, next)
      if (match.index > last) pieces.push(textToken(text.slice(last, match.index)))
      if (length % 2) {
        pieces.push({ type: 'mark', raw: '~' })
        length--
      }
      for (let pair = 0; pair < length; pair += 2) {
        const delimiter = { piece: pieces.length, open, close, end: -1 }
        delimiters.push(delimiter)
        pieces.push({ type: 'mark', raw: '~~' })
      }
      last = end
    }
    if (last < text.length) pieces.push(textToken(text.slice(last)))
  })
  balancePairs(delimiters)
  const loneMarkers: number[] = []
  for (const opener of delimiters) {
    if (opener.end < 0) continue
    const closer = delimiters[opener.end]!
    pieces[opener.piece] = { type: 's_open' }
    pieces[closer.piece] = { type: 's_close' }
    const previous = pieces[closer.piece - 1]
    if (previous?.type === 'mark' && previous.raw === '~') loneMarkers.push(closer.piece - 1)
  }
  // An odd run is split `~` + `~~`…: its lone `~` moves after the closing tags, as markdown-it does.
  while (loneMarkers.length) {
    const lone = loneMarkers.pop()!
    let target = lone + 1
    while (target < pieces.length && pieces[target]!.type === 's_close') target++
    target--
    if (lone !== target) [pieces[lone], pieces[target]] = [pieces[target]!, pieces[lone]!]
  }
  const stack: Token[][] = [[]]
  for (const piece of pieces) {
    if (piece.type === 's_open') stack.push([])
    else if (piece.type === 's_close') {
      const children = stack.pop()!
      const raw = `~~${children.map((child) => child.raw).join('')}~~`
      stack.at(-1)!.push({ type: 'del', raw, text: raw.slice(2, -2), tokens: children })
    } else if (piece.type === 'mark') stack.at(-1)!.push(textToken(piece.raw))
    else stack.at(-1)!.push(piece as Token)
  }
  tokens.splice(0, tokens.length, ...stack[0]!)
  joinText(tokens)
}

const LINK_OPEN = /^<a[>\s]/i
const LINK_CLOSE = /^<\/a\s*>/i

/** markdown-it's core linkify: bare URLs and domains in text outside links become links. */
function linkifyText(flat: FlatToken[], linkify: LinkifyIt): void {
  let htmlLinkLevel = 0
  for (let index = flat.length - 1; index >= 0; index--) {
    const item = flat[index]!
    if (item.inLink) continue
    if (item.token.type === 'html') {
      if (LINK_OPEN.test(item.content) && htmlLinkLevel > 0) htmlLinkLevel--
      if (LINK_CLOSE.test(item.content)) htmlLinkLevel++
    }
    if (htmlLinkLevel > 0 || item.kind !== 'text' || !linkify.test(item.content)) continue
    const text = item.content
    let links = linkify.match(text) ?? []
    // `http\://x` must not become `http:` + a link to `//x`.
    if (links[0]?.index === 0 && flat[index - 1]?.kind === 'special') links = links.slice(1)
    const nodes: Token[] = []
    let last = 0
    for (const link of links) {
      const href = normalizeLink(link.url)
      if (!validateLink(href)) continue
      let label: string
      if (!link.schema) label = normalizeLinkText(`http://${link.text}`).replace(/^http:\/\//, '')
      else if (link.schema === 'mailto:' && !/^mailto:/i.test(link.text)) label = normalizeLinkText(`mailto:${link.text}`).replace(/^mailto:/, '')
      else label = normalizeLinkText(link.text)
      if (link.index > last) nodes.push(textToken(text.slice(last, link.index)))
      const token: Tokens.Link = { type: 'link', raw: link.raw, href, title: null, text: label, tokens: [textToken(label)] }
      autolinks.add(token)
      nodes.push(token)
      last = link.lastIndex
    }
    if (last < text.length) nodes.push(textToken(text.slice(last)))
    item.siblings.splice(item.index, 1, ...nodes)
  }
}

const SCOPED_ABBR = /\((c|tm|r)\)/gi
const ABBREVIATIONS: Record<string, string> = { c: '©', r: '®', tm: '™' }
const RARE = /\+-|\.\.|\?\?\?\?|!!!!|,,|--/

/** markdown-it's typographic replacements, with its context rules for dashes. */
export function replaceTypography(text: string): string {
  const scoped = text.replace(SCOPED_ABBR, (_, name: string) => ABBREVIATIONS[name.toLowerCase()]!)
  if (!RARE.test(scoped)) return scoped
  return scoped
    .replace(/\+-/g, '±')
    .replace(/\.{2,}/g, '…')
    .replace(/([?!])…/g, '$1..')
    .replace(/([?!]){4,}/g, '$1$1$1')
    .replace(/,{2,}/g, ',')
    .replace(/(^|[^-])---(?=[^-]|$)/gm, '$1\u2014')
    .replace(/(^|\s)--(?=\s|$)/gm, '$1\u2013')
    .replace(/(^|[^-\s])--(?=[^-\s]|$)/gm, '$1\u2013')
}

const QUOTES = { double: ['\u201c', '\u201d'], single: ['\u2018', '\u2019'] } as const
const APOSTROPHE = '\u2019'
const MAX_OPENERS = 1000

interface Opener {
  item: number
  pos: number
  single: boolean
  level: number
  previousSame: number
}

/** markdown-it's smartquotes (process_inlines): quotes pair per nesting level, unmatched ones stay straight. */
function smartQuotes(flat: FlatToken[]): void {
  const stack: Opener[] = []
  const heads = { single: -1, double: -1 }
  const replacements = new Map<number, { pos: number; ch: string }[]>()
  const replace = (item: number, pos: number, ch: string) => {
    if (!replacements.has(item)) replacements.set(item, [])
    replacements.get(item)!.push({ pos, ch })
  }
  const truncate = (length: number) => {
    while (stack.length > length) {
      const opener = stack.pop()!
      if (opener.single) heads.single = opener.previousSame
      else heads.double = opener.previousSame
    }
  }
  const charBefore = (index: number): number => {
    for (let j = index - 1; j >= 0; j--) {
      if (flat[j]!.kind === 'break') break
      if (flat[j]!.content) return flat[j]!.content.charCodeAt(flat[j]!.content.length - 1)
    }
    return 0x20
  }
  const charAfter = (index: number): number => {
    for (let j = index + 1; j < flat.length; j++) {
      if (flat[j]!.kind === 'break') break
      if (flat[j]!.content) return flat[j]!.content.charCodeAt(0)
    }
    return 0x20
  }
  outer: for (let index = 0; index < flat.length; index++) {
    const item = flat[index]!
    let j = stack.length - 1
    while (j >= 0 && stack[j]!.level > item.level) j--
    truncate(j + 1)
    if (item.kind !== 'text') continue
    const text = item.content
    const quote = /['"]/g
    for (let match = quote.exec(text); match; match = quote.exec(text)) {
      const single = match[0] === "'"
      const last = match.index > 0 ? text.charCodeAt(match.index - 1) : charBefore(index)
      const next = match.index + 1 < text.length ? text.charCodeAt(match.index + 1) : charAfter(index)
      const lastPunct = isPunct(last)
      const nextPunct = isPunct(next)
      const lastSpace = isWhiteSpace(last)
      const nextSpace = isWhiteSpace(next)
      let canOpen = !nextSpace && (!nextPunct || lastSpace || lastPunct)
      let canClose = !lastSpace && (!lastPunct || nextSpace || nextPunct)
      // 1"" — the first quote is an inch mark.
      if (next === 0x22 && !single && last >= 0x30 && last <= 0x39) canOpen = canClose = false
      if (canOpen && canClose) {
        canOpen = lastPunct
        canClose = nextPunct
      }
      if (!canOpen && !canClose) {
        if (single) replace(index, match.index, APOSTROPHE)
        continue
      }
      if (canClose) {
        const head = single ? heads.single : heads.double
        const opener = stack[head]
        if (head >= 0 && opener && opener.level === item.level) {
          const [open, close] = single ? QUOTES.single : QUOTES.double
          replace(index, match.index, close)
          replace(opener.item, opener.pos, open)
          truncate(head)
          quote.lastIndex = match.index + 1
          continue
        }
      }
      if (canOpen) {
        if (stack.length >= MAX_OPENERS) break outer
        stack.push({ item: index, pos: match.index, single, level: item.level, previousSame: single ? heads.single : heads.double })
        if (single) heads.single = stack.length - 1
        else heads.double = stack.length - 1
      } else if (canClose && single) replace(index, match.index, APOSTROPHE)
    }
  }
  for (const [index, changes] of replacements) {
    const token = flat[index]!.token as Tokens.Text
    changes.sort((a, b) => a.pos - b.pos)
    let out = ''
    let last = 0
    for (const { pos, ch } of changes) {
      out += token.text.slice(last, pos) + ch
      last = pos + 1
    }
    token.text = out + token.text.slice(last)
  }
}

/** Finishes the inline tokens of one block as markdown-it would have produced them. */
export function finishInline(tokens: Token[], linkify: LinkifyIt): void {
  joinText(tokens)
  trimLineBreaks(flatten(tokens))
  strikethrough(tokens, 0x20, 0x20)
  linkifyText(flatten(tokens), linkify)
  const flat = flatten(tokens)
  for (const item of flat) {
    if (item.kind === 'text' && !item.inAutolink) {
      const text = item.token as Tokens.Text
      text.text = replaceTypography(text.text)
      item.content = text.text
    }
  }
  smartQuotes(flat)
}
