import * as mdurl from 'mdurl'
import punycode from 'punycode.js'
import { decodeHtmlText } from './sanitize-html'

/**
 * markdown-it's link helpers (`lib/common/utils.mjs`, `lib/helpers/*`, `validateLink`, `normalizeLink…`),
 * ported so that the site's renderer judges, decodes and encodes link targets exactly as markdown-it does.
 */

const BAD_PROTOCOL = /^(vbscript|javascript|file|data):/
const GOOD_DATA = /^data:image\/(gif|png|jpeg|webp);/
const RECODE_HOSTNAME_FOR = ['http:', 'https:', 'mailto:']

/** markdown-it's validateLink, on a normalized URL: no script-like, file or data scheme, except gif/png/jpeg/webp images. */
export function validateLink(url: string): boolean {
  const value = url.trim().toLowerCase()
  return BAD_PROTOCOL.test(value) ? GOOD_DATA.test(value) : true
}

function recodeHostname(url: string, recode: (host: string) => string): mdurl.Url {
  const parsed = mdurl.parse(url, true)
  if (parsed.hostname && (!parsed.protocol || RECODE_HOSTNAME_FOR.includes(parsed.protocol))) {
    try {
      parsed.hostname = recode(parsed.hostname)
    } catch {
      // An invalid international name stays as written, as in markdown-it.
    }
  }
  return parsed
}

/** markdown-it's normalizeLink: punycode host, percent-encoding; mdurl blanks hosts over 255 characters. */
export function normalizeLink(url: string): string {
  return mdurl.encode(mdurl.format(recodeHostname(url, punycode.toASCII)))
}

/** markdown-it's normalizeLinkText: the readable form of a URL shown as link text. */
export function normalizeLinkText(url: string): string {
  // `%` stays encoded: decoding `%25` could change what the URL means (markdown-it #720).
  return mdurl.decode(mdurl.format(recodeHostname(url, punycode.toUnicode)), `${mdurl.decode.defaultChars}%`)
}

/** markdown-it's isValidEntityCode: no surrogates, non-characters, C0/C1 controls, or code points past Unicode. */
function isValidEntityCode(code: number): boolean {
  if (code >= 0xd800 && code <= 0xdfff) return false
  if (code >= 0xfdd0 && code <= 0xfdef) return false
  if ((code & 0xffff) === 0xffff || (code & 0xffff) === 0xfffe) return false
  if (code <= 0x08 || code === 0x0b || (code >= 0x0e && code <= 0x1f) || (code >= 0x7f && code <= 0x9f)) return false
  return code <= 0x10ffff
}

function numericReference(body: string): number {
  return body[0] === 'x' || body[0] === 'X' ? parseInt(body.slice(1), 16) : parseInt(body, 10)
}

const strictNames = new Map<string, string | undefined>()

/** `&name;` decoded when HTML defines that name with its semicolon (markdown-it's decodeHTMLStrict), else undefined. */
function decodeStrictName(reference: string): string | undefined {
  if (!strictNames.has(reference)) {
    const decoded = decodeHtmlText(reference)
    // Without the semicolon the parser may still read a legacy prefix (`&para` of `&parag;`): then both agree.
    strictNames.set(reference, decoded === `${decodeHtmlText(reference.slice(0, -1))};` ? undefined : decoded)
  }
  return strictNames.get(reference)
}

const INLINE_REFERENCE = /^&(?:#(x[a-f0-9]{1,6}|[0-9]{1,7})|([a-z][a-z0-9]{1,31}));/i

/** markdown-it's inline entity rule: the reference at the start of `src` and its text, or undefined. */
export function matchEntity(src: string): { raw: string; text: string } | undefined {
  const match = INLINE_REFERENCE.exec(src)
  if (!match) return undefined
  if (match[1] !== undefined) {
    const code = numericReference(match[1])
    return { raw: match[0], text: String.fromCodePoint(isValidEntityCode(code) ? code : 0xfffd) }
  }
  const text = decodeStrictName(match[0])
  return text === undefined ? undefined : { raw: match[0], text }
}

const UNESCAPE_ALL = /\\([!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~])|&([a-z#][a-z0-9]{1,31});/gi
const NUMERIC_BODY = /^#((?:x[a-f0-9]{1,8}|[0-9]{1,8}))$/i

/** markdown-it's unescapeAll: backslash escapes and character references of link targets, titles and info strings. */
export function unescapeAll(value: string): string {
  if (!value.includes('\\') && !value.includes('&')) return value
  return value.replace(UNESCAPE_ALL, (match, escaped: string | undefined, name: string | undefined) => {
    if (escaped) return escaped
    const numeric = NUMERIC_BODY.exec(name!)
    if (numeric) {
      const code = numericReference(numeric[1]!)
      return isValidEntityCode(code) ? String.fromCodePoint(code) : match
    }
    // markdown-it decodes these with `entities`' decodeHTML, legacy prefixes included, as the HTML parser does.
    return decodeHtmlText(match)
  })
}

const isSpace = (code: number) => code === 0x20 || code === 0x09

/** Index of the first character at or after `pos` that is not a space, tab or line feed. */
export function skipSpacesAndNewlines(src: string, pos: number): number {
  while (pos < src.length && (isSpace(src.charCodeAt(pos)) || src.charCodeAt(pos) === 0x0a)) pos++
  return pos
}

interface Parsed {
  ok: boolean
  pos: number
  str: string
}

/** markdown-it's parseLinkDestination. */
export function parseLinkDestination(src: string, start: number, max = src.length): Parsed {
  let pos = start
  const failed = { ok: false, pos: 0, str: '' }
  if (src.charCodeAt(pos) === 0x3c /* < */) {
    pos++
    while (pos < max) {
      const code = src.charCodeAt(pos)
      if (code === 0x0a || code === 0x3c) return failed
      if (code === 0x3e) return { ok: true, pos: pos + 1, str: unescapeAll(src.slice(start + 1, pos)) }
      pos += code === 0x5c && pos + 1 < max ? 2 : 1
    }
    return failed
  }
  let level = 0
  while (pos < max) {
    const code = src.charCodeAt(pos)
    if (code === 0x20 || code < 0x20 || code === 0x7f) break
    if (code === 0x5c && pos + 1 < max) {
      pos += src.charCodeAt(pos + 1) === 0x20 ? 1 : 2
      continue
    }
    if (code === 0x28) {
      level++
      if (level > 32) return failed
    }
    if (code === 0x29) {
      if (level === 0) break
      level--
    }
    pos++
  }
  if (start === pos || level !== 0) return failed
  return { ok: true, pos, str: unescapeAll(src.slice(start, pos)) }
}

/** markdown-it's parseLinkTitle; a reference's title may run over its lines in `src`. */
export function parseLinkTitle(src: string, start: number, max = src.length): Parsed {
  const failed = { ok: false, pos: 0, str: '' }
  if (start >= max) return failed
  let marker = src.charCodeAt(start)
  if (marker !== 0x22 && marker !== 0x27 && marker !== 0x28) return failed
  if (marker === 0x28) marker = 0x29
  let pos = start + 1
  while (pos < max) {
    const code = src.charCodeAt(pos)
    if (code === marker) return { ok: true, pos: pos + 1, str: unescapeAll(src.slice(start + 1, pos)) }
    if (code === 0x28 && marker === 0x29) return failed
    if (code === 0x5c && pos + 1 < max) pos++
    pos++
  }
  return failed
}

/** markdown-it's autolink grammar: `<scheme:…>` and `<e-mail>`. */
export const AUTOLINK = /^([a-zA-Z][a-zA-Z0-9+.-]{1,31}):([^<>\x00-\x20]*)$/
export const EMAIL =
  /^([a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*)$/

/** Where the code span opening at `start` ends, or just past its backticks when it is not closed. */
function codeSpanEnd(src: string, start: number): number {
  const runs = /`+/g
  runs.lastIndex = start
  const opening = runs.exec(src)![0].length
  for (let run = runs.exec(src); run; run = runs.exec(src)) {
    if (run[0].length === opening) return runs.lastIndex
  }
  return start + opening
}

/**
 * End of the link label opening `src` (the index of its `]`, -1 if none): brackets nest, and backslash escapes,
 * code spans, autolinks and HTML tags are skipped whole, as markdown-it's parseLinkLabel skips inline tokens.
 */
export function linkLabelEnd(src: string, start: number, tag: RegExp): number {
  let level = 1
  let pos = start + 1
  while (pos < src.length) {
    const char = src[pos]
    if (char === ']' && --level === 0) return pos
    if (char === '[') level++
    if (char === '\\') pos++
    else if (char === '`') pos = codeSpanEnd(src, pos) - 1
    else if (char === '<') {
      const skipped = /^<[^<>]*>/.exec(src.slice(pos))?.[0]
      if (skipped && (AUTOLINK.test(skipped.slice(1, -1)) || EMAIL.test(skipped.slice(1, -1)))) pos += skipped.length - 1
      else pos += (tag.exec(src.slice(pos))?.[0].length ?? 1) - 1
    }
    pos++
  }
  return -1
}
