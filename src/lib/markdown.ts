import LinkifyIt from 'linkify-it'
import { Lexer, Marked, Renderer, Tokenizer, type MarkedOptions, type Token, type Tokens, type TokensList } from 'marked'
import { autolinks, finishInline, textToken } from './markdown-inline'
import { dropTooDeepLines } from './markdown-nesting'
import { parseTable } from './markdown-table'
import {
  AUTOLINK,
  EMAIL,
  linkLabelEnd,
  matchEntity,
  normalizeLink,
  normalizeLinkText,
  parseLinkDestination,
  parseLinkTitle,
  skipSpacesAndNewlines,
  unescapeAll,
  validateLink,
} from './markdown-links'
import { sanitizeHtml } from './sanitize-html'

/**
 * The one Markdown renderer (content at build time, generated text in the browser). marked parses; its
 * tokenizers, renderer and hooks are bent to give the HTML of markdown-it 14 configured as the original site
 * (raw HTML, linkify without bare e-mails, typographer with curly quotes, no line-break conversion), then
 * DOMPurify sanitizes. See docs/decisions/003-markdown-renderer.md and test/unit/lib/markdown-fixtures.test.ts.
 */

/** markdown-it's maxNesting: containers (blockquote, list, list item) deeper than this render empty. */
export const MAX_NESTING = 100

const linkify = new LinkifyIt().set({ fuzzyEmail: false })

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** markdown-it's asciiTrim: spaces, tabs and line breaks only (an ideographic space stays). */
function asciiTrim(value: string): string {
  return value.replace(/^[ \t\n\r]+|[ \t\n\r]+$/g, '')
}

/** The spaces and tabs that end a text token's last line, before the line feed its raw gets when a line joins (asciiTrim took them off its text). */
function lineEndBlanks(raw: string): string {
  const end = raw.endsWith('\n') ? raw.length - 1 : raw.length
  let start = end
  while (start > 0 && (raw[start - 1] === ' ' || raw[start - 1] === '\t')) start--
  return raw.slice(start, end)
}

/** Whether a label holds a link of its own (autolinks do not count, as in markdown-it). */
const containsLink = (tokens: Token[]): boolean =>
  tokens.some((token) => (token.type === 'link' && !autolinks.has(token)) || ('tokens' in token && token.type !== 'image' && token.tokens && containsLink(token.tokens)))

/** Lines that end a reference definition's title in markdown-it: a new block starts there. */
const INTERRUPTS_DEFINITION = /^ {0,3}(?:(?:[-*_][ \t]*){3,}$|#{1,6}(?:[ \t]|$)|>|`{3,}|~{3,}|[-+*][ \t]+\S|1[.)][ \t]+\S)/

/** markdown-it's escape rule where marked has none: `\\` before a space or a non-punctuation character stays. */
function literalBackslash(src: string): { raw: string; text: string } | undefined {
  const next = src.codePointAt(1)
  if (next === undefined || next === 0x0a || (next < 0x80 && /[!-/:-@[-`{-~]/.test(src[1]!))) return undefined
  const raw = next === 0x20 ? '\\' : `\\${String.fromCodePoint(next)}`
  return { raw, text: raw }
}

function autolinkToken(raw: string, href: string, text: string): Tokens.Link {
  const token: Tokens.Link = { type: 'link', raw, href, title: null, text, tokens: [textToken(text)] }
  autolinks.add(token)
  return token
}

class SiteLexer extends Lexer {
  /** Container nesting as markdown-it counts it (a list and its item count one each). */
  depth = 0
  /** markdown-it's linkLevel: inside a link label or after an HTML `<a>`, bare URLs stay text. */
  linkLevel = 0
  private inlineDepth = 0

  constructor(options?: MarkedOptions) {
    super(options)
    // markdown-it has no task lists: `- [ ] x` keeps its brackets as text.
    const rules = this.options.tokenizer!.rules
    this.options.tokenizer!.rules = { ...rules, other: { ...rules.other, listIsTask: /(?!)/ } }
  }

  override blockTokens(src: string, tokens?: Token[], lastParagraphClipped?: boolean): Token[]
  override blockTokens(src: string, tokens?: TokensList, lastParagraphClipped?: boolean): TokensList
  override blockTokens(src: string, tokens: Token[] = [], lastParagraphClipped = false): Token[] {
    if (this.depth >= MAX_NESTING) return tokens
    return super.blockTokens(src, tokens, lastParagraphClipped)
  }

  override inlineTokens(src: string, tokens: Token[] = []): Token[] {
    if (this.inlineDepth === 0) this.linkLevel = 0
    this.inlineDepth++
    try {
      return super.inlineTokens(src, tokens)
    } finally {
      this.inlineDepth--
    }
  }
}

class SiteTokenizer extends Tokenizer {
  private get site(): SiteLexer {
    return this.lexer as unknown as SiteLexer
  }

  private nested<T>(levels: number, tokenize: () => T): T {
    this.site.depth += levels
    try {
      return tokenize()
    } finally {
      this.site.depth -= levels
    }
  }

  override blockquote(src: string) {
    return this.nested(1, () => super.blockquote(src))
  }

  override list(src: string) {
    return this.nested(2, () => super.list(src))
  }

  /** Changes the text marked will read as inline content of the block it just tokenized. */
  private retext<T extends { text: string }>(token: T | undefined, text: (token: T) => string): T | undefined {
    if (token) {
      token.text = text(token)
      this.lexer.inlineQueue.at(-1)!.src = token.text
    }
    return token
  }

  // markdown-it trims paragraphs and headings of ASCII whitespace only: marked's String#trim also eats an
  // ideographic space, and marked keeps the spaces that start a paragraph in a list item or blockquote.
  override paragraph(src: string) {
    return this.retext(super.paragraph(src), ({ text }) => asciiTrim(text))
  }

  /**
   * marked's text rule reads one line: in a list item, where marked's paragraph rule does not run, the lexer
   * joins each following line to the text token before it. The end trimmed here is thus the block's end only if
   * no line joins: when one does, the spaces or tabs that ended the line before come back, and two of them make
   * a hard line break, as in a paragraph.
   */
  override text(src: string) {
    const previous = this.lexer.state.lastToken
    const token = this.retext(super.text(src), ({ text }) => asciiTrim(text))
    if (token && previous?.type === 'text') previous.text += lineEndBlanks(previous.raw)
    return token
  }

  override heading(src: string) {
    // Only a space or a tab may follow the `#`s (marked also takes other Unicode spaces).
    const atx = /^ {0,3}#{1,6}(?:[ \t]+|(?=\n|$))([^\n]*)/.exec(src)
    if (!atx) return undefined
    return this.retext(super.heading(src), () => {
      const content = atx[1]!.replace(/[ \t]+$/, '')
      const closing = /(^|[ \t])#+$/.exec(content)
      return asciiTrim(closing ? content.slice(0, closing.index + closing[1]!.length) : content)
    })
  }

  override lheading(src: string) {
    return this.retext(super.lheading(src), ({ raw, text }) => asciiTrim(/^([^]*?)\n {0,3}(?:=+|-+)[ \t]*(?:\n|$)/.exec(raw)?.[1] ?? text))
  }

  /** Tables are read by markdownItTable, tried before any other block as in markdown-it. */
  override table() {
    return undefined
  }

  markdownItTable(src: string): Tokens.Table | undefined {
    return parseTable(src, (text) => this.lexer.inline(text), this.rules.other.htmlBeginRegex(4))
  }

  override link(src: string): Tokens.Link | Tokens.Image | undefined {
    const isImage = src[0] === '!'
    const labelStart = isImage ? 1 : 0
    if (src[labelStart] !== '[') return undefined
    const labelEnd = linkLabelEnd(src, labelStart, this.rules.inline.tag)
    if (labelEnd < 0 || src[labelEnd + 1] !== '(') return undefined
    let pos = skipSpacesAndNewlines(src, labelEnd + 2)
    if (pos >= src.length) return undefined
    let href = ''
    let title = ''
    const destination = parseLinkDestination(src, pos)
    if (destination.ok) {
      href = normalizeLink(destination.str)
      if (validateLink(href)) pos = destination.pos
      else href = ''
      const start = pos
      pos = skipSpacesAndNewlines(src, pos)
      const parsedTitle = parseLinkTitle(src, pos)
      if (pos < src.length && start !== pos && parsedTitle.ok) {
        title = parsedTitle.str
        pos = skipSpacesAndNewlines(src, parsedTitle.pos)
      }
    }
    if (src[pos] !== ')') return undefined
    const text = src.slice(labelStart + 1, labelEnd)
    const tokens = this.labelTokens(text, !isImage)
    // A link cannot contain another link: the outer brackets are then text.
    if (!isImage && containsLink(tokens)) return undefined
    return { type: isImage ? 'image' : 'link', raw: src.slice(0, pos + 1), href, title: title || null, text, tokens }
  }

  private labelTokens(text: string, isLink: boolean): Token[] {
    const { inLink } = this.lexer.state
    if (isLink) this.site.linkLevel++
    this.lexer.state.inLink = isLink
    try {
      return this.lexer.inlineTokens(text)
    } finally {
      this.lexer.state.inLink = inLink
      if (isLink) this.site.linkLevel--
    }
  }

  override reflink(src: string, links: Parameters<Tokenizer['reflink']>[1]) {
    const token = super.reflink(src, links)
    if (token?.type === 'link' && containsLink(token.tokens)) return undefined
    return token
  }

  override def(src: string) {
    let token = super.def(src)
    if (!token) return undefined
    const lines = token.raw.split('\n')
    const interrupted = lines.findIndex((line, index) => index > 0 && INTERRUPTS_DEFINITION.test(line))
    if (interrupted > 0) token = super.def(lines.slice(0, interrupted).join('\n'))
    if (!token) return undefined
    const raw = token.raw
    let pos = skipSpacesAndNewlines(raw, raw.indexOf(']:') + 2)
    const destination = parseLinkDestination(raw, pos)
    if (!destination.ok) return undefined
    const href = normalizeLink(destination.str)
    if (!validateLink(href)) return undefined
    pos = skipSpacesAndNewlines(raw, destination.pos)
    let title = ''
    if (pos < raw.length) {
      const parsedTitle = parseLinkTitle(raw, pos)
      if (!parsedTitle.ok || raw.slice(parsedTitle.pos).trim()) return undefined
      title = parsedTitle.str
    }
    return { ...token, href, title }
  }

  override autolink(src: string): Tokens.Link | undefined {
    const end = /^<([^<>]*)>/.exec(src)
    if (!end) return undefined
    const url = end[1]!
    if (AUTOLINK.test(url)) {
      const href = normalizeLink(url)
      return validateLink(href) ? autolinkToken(end[0], href, normalizeLinkText(url)) : undefined
    }
    if (EMAIL.test(url)) {
      const href = normalizeLink(`mailto:${url}`)
      return validateLink(href) ? autolinkToken(end[0], href, normalizeLinkText(url)) : undefined
    }
    return undefined
  }

  override tag(src: string) {
    const token = super.tag(src)
    if (token) {
      if (/^<a[>\s]/i.test(token.raw)) this.site.linkLevel++
      if (/^<\/a\s*>/i.test(token.raw)) this.site.linkLevel--
    }
    return token
  }

  /** linkify-it decides what a bare link is (see markdownItLinkify); marked's own GFM autolinker is off. */
  override url() {
    return undefined
  }

  /** Strikethrough pairs `~~` runs after tokenizing, as markdown-it does (see markdown-inline.ts). */
  override del() {
    return undefined
  }
}

/** marked reads both a fence without any line and a fence around one blank line as '': markdown-it prints them apart. */
function isEmptyFence(raw: string, text: string): boolean {
  const lines = raw.replace(/\n$/, '').split('\n')
  return text === '' && (lines.length === 1 || (lines.length === 2 && /^ {0,3}(?:`{3,}|~{3,})[ \t]*$/.test(lines[1]!)))
}

const NO_BREAK_AFTER_TEXT = new Set(['space', 'code', 'html', 'def'])

const PLAIN_ALT_TYPES = new Set(['text', 'html'])

/** markdown-it's renderInlineAsText for image descriptions: text and raw HTML only (escapes, entities and code drop out). */
function plainAlt(tokens: Token[]): string {
  return tokens
    .map((token) => {
      if (token.type === 'image') return plainAlt(token.tokens ?? [])
      if (token.type === 'br') return '\n'
      if (PLAIN_ALT_TYPES.has(token.type) && 'text' in token) return token.text
      return 'tokens' in token && token.tokens ? plainAlt(token.tokens) : ''
    })
    .join('')
}

class SiteRenderer extends Renderer {
  override code({ raw, text, codeBlockStyle }: Tokens.Code): string {
    const fence = codeBlockStyle === 'indented' ? undefined : /^ {0,3}(?:`{3,}|~{3,})([^\n]*)/.exec(raw)
    const info = fence ? unescapeAll(fence[1]!).trim() : ''
    const language = info ? ` class="language-${escapeHtml(info.split(/\s+/)[0]!)}"` : ''
    const body = fence && isEmptyFence(raw, text) ? '' : `${text.replace(/\n$/, '')}\n`
    return `<pre><code${language}>${escapeHtml(body)}</code></pre>\n`
  }

  override html({ text, block }: Tokens.HTML | Tokens.Tag): string {
    return block && !text.endsWith('\n') ? `${text}\n` : text
  }

  /**
   * In a tight item, a block tag after the item's text starts on a new line, as markdown-it prints a hidden
   * paragraph (its code and HTML blocks have their own rules, which add no line break).
   */
  override listitem(item: Tokens.ListItem): string {
    let body = ''
    item.tokens.forEach((token, index) => {
      if (!item.loose && item.tokens[index - 1]?.type === 'text' && !NO_BREAK_AFTER_TEXT.has(token.type)) body += '\n'
      body += this.parser.parse([token])
    })
    return `<li>${body}</li>\n`
  }

  /** markdown-it aligns columns with a style attribute, which the CSP forbids and the sanitizer drops. */
  override tablecell(token: Tokens.TableCell): string {
    const type = token.header ? 'th' : 'td'
    return `<${type}>${this.parser.parseInline(token.tokens)}</${type}>\n`
  }

  override br(): string {
    return '<br>\n'
  }

  override del({ tokens }: Tokens.Del): string {
    return `<s>${this.parser.parseInline(tokens)}</s>`
  }

  override codespan({ text }: Tokens.Codespan): string {
    return `<code>${escapeHtml(text)}</code>`
  }

  override link({ href, title, tokens }: Tokens.Link): string {
    const titleAttribute = title ? ` title="${escapeHtml(title)}"` : ''
    return `<a href="${escapeHtml(href)}"${titleAttribute}>${this.parser.parseInline(tokens)}</a>`
  }

  override image({ href, title, tokens }: Tokens.Image): string {
    const titleAttribute = title ? ` title="${escapeHtml(title)}"` : ''
    return `<img src="${escapeHtml(href)}" alt="${escapeHtml(plainAlt(tokens ?? []))}"${titleAttribute}>`
  }

  override text(token: Tokens.Text | Tokens.Escape): string {
    return 'tokens' in token && token.tokens ? this.parser.parseInline(token.tokens) : escapeHtml(token.text)
  }
}

function createRenderer(): Marked {
  const tokenizer = new SiteTokenizer()
  const marked = new Marked({ gfm: true, breaks: false, async: false })
  marked.setOptions({ tokenizer, renderer: new SiteRenderer() })
  marked.use({
    extensions: [
      {
        name: 'markdownItTable',
        level: 'block',
        tokenizer: (src) => tokenizer.markdownItTable(src),
      },
      {
        // markdown-it's text_special: a character reference, or a backslash before a character it cannot
        // escape, is one piece of text that linkify, replacements and quotes leave alone.
        name: 'textSpecial',
        level: 'inline',
        start: (src) => {
          const index = src.search(/[&\\]/)
          return index < 0 ? undefined : index
        },
        tokenizer: (src) => {
          const special = src[0] === '&' ? matchEntity(src) : src[0] === '\\' ? literalBackslash(src) : undefined
          return special && { type: 'textSpecial', ...special }
        },
        renderer: (token) => escapeHtml(token.text as string),
      },
      {
        // markdown-it's inline linkify rule: `scheme://…` links are taken before emphasis can split them.
        name: 'markdownItLinkify',
        level: 'inline',
        start: (src) => {
          const match = /(^|[^a-z0-9+.-])(?:https?|ftp):\/\//i.exec(src)
          return match ? match.index + match[1]!.length : undefined
        },
        tokenizer(src, tokens) {
          if ((this.lexer as unknown as SiteLexer).linkLevel > 0 || !/^(?:https?|ftp):\/\//i.test(src)) return undefined
          const previous = tokens.at(-1)
          if (previous?.type === 'text' && /[a-z0-9+.-]$/i.test(previous.raw)) return undefined
          const link = linkify.matchAtStart(src)
          if (!link) return undefined
          const url = link.url.replace(/\*+$/, '')
          const href = normalizeLink(url)
          if (!validateLink(href)) return undefined
          return autolinkToken(src.slice(0, url.length), href, normalizeLinkText(url))
        },
      },
    ],
    hooks: {
      // The site's lexer counts nesting, as markdown-it's maxNesting does; generic only to satisfy marked's type.
      provideLexer: () => <P, R>(src: string, options?: MarkedOptions<P, R>) => new SiteLexer(options as unknown as MarkedOptions).lex(src),
      processAllTokens: (tokens) => {
        finishBlocks(tokens)
        return tokens
      },
    },
  })
  return marked
}

function finishBlocks(tokens: Token[]): void {
  for (const token of tokens as Tokens.Generic[]) {
    if (token.type === 'list') for (const item of (token as Tokens.List).items) finishBlocks(item.tokens)
    else if (token.type === 'table') {
      const { header, rows } = token as Tokens.Table
      for (const cell of [...header, ...rows.flat()]) finishInline(cell.tokens, linkify)
    } else if (token.type === 'blockquote') finishBlocks(token.tokens ?? [])
    else if (token.tokens) finishInline(token.tokens, linkify)
  }
}

let renderer: Marked | undefined

/** Markdown to sanitized HTML: the one renderer for content and generated text. */
export function renderMarkdown(source: string): string {
  renderer ??= createRenderer()
  let html: string
  try {
    html = renderer.parse(dropTooDeepLines(source, MAX_NESTING), { async: false })
  } catch {
    // Pathological input (deep inline nesting) must never crash a page: show it as plain text.
    html = `<p>${escapeHtml(source)}</p>`
  }
  return sanitizeHtml(html)
}
