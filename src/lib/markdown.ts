import { Marked, type Token, type Tokens } from 'marked'
import markedLinkifyIt from 'marked-linkify-it'
import * as mdurl from 'mdurl'
import punycode from 'punycode.js'
import { sanitizeHtml } from './sanitize-html'

/**
 * The one Markdown renderer (content at build time, generated text in the browser), reproducing the
 * original markdown-it setup: raw HTML allowed then sanitized, linkify without bare e-mails, typographer
 * with curly quotes, no line-break conversion. See docs/decisions/003-markdown-renderer.md.
 */

const BAD_PROTOCOL = /^(vbscript|javascript|file|data):/
const GOOD_DATA = /^data:image\/(gif|png|jpeg|webp);/
const RECODE_HOSTNAME_FOR = ['http:', 'https:', 'mailto:']
export const MAX_NESTING = 100

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", colon: ':', tab: '\t', newline: '\n', sol: '/', lpar: '(', rpar: ')', period: '.', nbsp: '\u00a0',
}

/** Entities are decoded before a URL is judged, as a browser would decode them in an attribute. */
function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (match, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10)
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? match
  })
}

/** markdown-it's validateLink: no script-like, file or data scheme, except embedded gif/png/jpeg/webp images. */
export function isSafeLink(url: string): boolean {
  // eslint-style control characters and whitespace are ignored by browsers inside schemes.
  const value = decodeEntities(url).replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase()
  return BAD_PROTOCOL.test(value) ? GOOD_DATA.test(value) : true
}

/** markdown-it's normalizeLink: punycode host, percent-encoding; mdurl blanks hosts over 255 characters. */
export function normalizeLink(url: string): string {
  const parsed = mdurl.parse(url, true)
  if (parsed.hostname && (!parsed.protocol || RECODE_HOSTNAME_FOR.includes(parsed.protocol))) {
    try {
      parsed.hostname = punycode.toASCII(parsed.hostname)
    } catch {
      // Invalid international name: keep it as written, the browser will refuse it.
    }
  }
  return mdurl.encode(mdurl.format(parsed))
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')
}

/** markdown-it's typographic replacements, with its context rules for dashes. */
export function replaceTypography(text: string): string {
  return text
    .replace(/\((c|tm|r)\)/gi, (_, abbr: string) => ({ c: '©', tm: '™', r: '®' })[abbr.toLowerCase()] ?? abbr)
    .replace(/\+-/g, '±')
    .replace(/\.{2,}/g, '…')
    .replace(/([?!])…/g, '$1..')
    .replace(/([?!]){4,}/g, '$1$1$1')
    .replace(/,{2,}/g, ',')
    .replace(/(^|[^-])---(?=[^-]|$)/gm, '$1\u2014')
    .replace(/(^|\s)--(?=\s|$)/gm, '$1\u2013')
    .replace(/(^|[^-\s])--(?=[^-\s]|$)/gm, '$1\u2013')
}

const OPENING_CONTEXT = /[\s([{\u2014\u2013-]/

/** Curly quotes: “double”, ‘single’, and ’ for apostrophes; `previous` is the character before the text. */
export function curlQuotes(text: string, previous: string): string {
  let before = previous
  let out = ''
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!
    // At the end of a text token the next character belongs to the following token (emphasis, link…).
    const next = text[index + 1] ?? 'x'
    if (char === '"') out += before === '' || OPENING_CONTEXT.test(before) ? '\u201c' : '\u201d'
    else if (char === "'") {
      if (/[\p{L}\p{N}]/u.test(before)) out += '\u2019'
      else out += (before === '' || OPENING_CONTEXT.test(before)) && /\S/.test(next) ? '\u2018' : '\u2019'
    } else out += char
    before = char
  }
  return out
}

/** Deepest blockquote nesting allowed, as markdown-it's maxNesting: the rest of the document is dropped. */
function limitNesting(source: string): string {
  const lines = source.split('\n')
  const tooDeep = lines.findIndex((line) => (/^(?:\s{0,3}>)+/.exec(line)?.[0].split('>').length ?? 1) - 1 > MAX_NESTING)
  return tooDeep === -1 ? source : lines.slice(0, tooDeep).join('\n')
}

/** Quotes pair within a block: each of these starts afresh. */
const BLOCK_BOUNDARIES = new Set(['paragraph', 'heading', 'list_item', 'table', 'blockquote', 'code', 'hr', 'space'])

function isAutolink(token: Tokens.Link): boolean {
  return token.raw === token.text || token.raw === `<${token.text}>`
}

function createRenderer(): Marked {
  const marked = new Marked({ gfm: true, breaks: false, async: false })
  marked.use(markedLinkifyIt({ fuzzyEmail: false }))
  marked.use({
    tokenizer: {
      // linkify-it decides what a bare link is; marked's own GFM autolinker would also link e-mails.
      url() {
        return undefined
      },
      // Strikethrough needs two tildes, as in markdown-it.
      del(src) {
        const match = /^~~(?=[^\s~])([\s\S]*?[^\s~])~~(?!~)/.exec(src)
        if (!match) return undefined
        return { type: 'del', raw: match[0], text: match[1]!, tokens: this.lexer.inlineTokens(match[1]!) }
      },
    },
    renderer: {
      link(token) {
        if (!isSafeLink(token.href)) return escapeHtml(token.raw)
        token.href = normalizeLink(token.href)
        return false
      },
      image(token) {
        if (!isSafeLink(token.href)) return escapeHtml(token.raw)
        token.href = normalizeLink(token.href)
        return false
      },
      del(token) {
        return `<s>${this.parser.parseInline(token.tokens)}</s>`
      },
      // No task lists: `- [ ] x` keeps its brackets as text.
      checkbox({ checked }) {
        return checked ? '[x] ' : '[ ] '
      },
    },
    walkTokens: (() => {
      let previous = ''
      const skipped = new WeakSet<Token>()
      return (token: Token) => {
        if (BLOCK_BOUNDARIES.has(token.type)) {
          previous = ''
          return
        }
        if (token.type === 'link' && isAutolink(token as Tokens.Link)) {
          for (const child of (token as Tokens.Link).tokens) skipped.add(child)
        }
        const hasChildren = 'tokens' in token && Array.isArray(token.tokens) && token.tokens.length > 0
        if (hasChildren) return
        if (token.type === 'text' && !skipped.has(token)) {
          const text = token as Tokens.Text
          text.text = curlQuotes(replaceTypography(text.text), previous)
        }
        const content = 'text' in token && typeof token.text === 'string' ? token.text : token.raw
        if (content) previous = content.slice(-1)
      }
    })(),
  })
  return marked
}

let renderer: Marked | undefined

/** Markdown to sanitized HTML: the one renderer for content and generated text. */
export function renderMarkdown(source: string): string {
  renderer ??= createRenderer()
  let html: string
  try {
    html = renderer.parse(limitNesting(source), { async: false })
  } catch {
    // Pathological input (deep inline nesting) must never crash a page: show it as plain text.
    html = `<p>${escapeHtml(source)}</p>`
  }
  return sanitizeHtml(html)
}
