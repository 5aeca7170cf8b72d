// Draws one social card (1200×630 PNG) from a page's card content, with satori (layout and text, turned
// into SVG paths with the site's font) and resvg (SVG to PNG). Runs in a worker thread started by
// scripts/social-cards.mjs, so the build's main thread keeps prerendering meanwhile. Build-time only.
import { createHash } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { inflateSync } from 'node:zlib'

export const CARD_WIDTH = 1200
export const CARD_HEIGHT = 630

const require = createRequire(import.meta.url)
const FONT_FAMILY = 'Plus Jakarta Sans'
/**
 * Static instances of the site's font. The site ships the variable WOFF2, which satori cannot read (it
 * takes TTF, OTF or WOFF) and whose variable axes it would ignore; @fontsource/plus-jakarta-sans has the
 * same design cut into one WOFF per weight, latin subset (French included, œ and € too).
 */
const FONT_WEIGHTS = [700, 800]
export const FONT_FILES = FONT_WEIGHTS.map((weight) => require.resolve(`@fontsource/plus-jakarta-sans/files/plus-jakarta-sans-latin-${weight}-normal.woff`))

/** The site's tokens (src/styles/global.css). */
const COLORS = {
  navy800: '#0b1f4b',
  accent: '#ffb020',
  white: '#ffffff',
  // navy-700 at 75 % and navy-900 at 60 % over navy-800, mixed here: a translucent layer costs resvg a
  // full-size buffer of its own.
  discLight: '#102c65',
  discDark: '#08173d',
}

/**
 * WOFF 1.0 back to the TrueType file it wraps: resvg (which draws the text inside the illustrations)
 * reads only TTF/OTF. Each table is zlib-compressed on its own; the sfnt header and directory are rebuilt.
 */
export function woffToTtf(woff) {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error('Not a WOFF 1.0 font')
  const flavor = woff.readUInt32BE(4)
  const numTables = woff.readUInt16BE(12)
  const tables = []
  for (let index = 0; index < numTables; index++) {
    const entry = 44 + index * 20
    const offset = woff.readUInt32BE(entry + 4)
    const compLength = woff.readUInt32BE(entry + 8)
    const origLength = woff.readUInt32BE(entry + 12)
    const stored = woff.subarray(offset, offset + compLength)
    tables.push({ tag: woff.readUInt32BE(entry), checksum: woff.readUInt32BE(entry + 16), data: compLength < origLength ? inflateSync(stored) : stored })
  }
  const searchPower = 2 ** Math.floor(Math.log2(numTables))
  const header = Buffer.alloc(12 + numTables * 16)
  header.writeUInt32BE(flavor, 0)
  header.writeUInt16BE(numTables, 4)
  header.writeUInt16BE(searchPower * 16, 6)
  header.writeUInt16BE(Math.log2(searchPower), 8)
  header.writeUInt16BE(numTables * 16 - searchPower * 16, 10)
  const chunks = [header]
  let offset = header.length
  tables.forEach((table, index) => {
    const entry = 12 + index * 16
    header.writeUInt32BE(table.tag, entry)
    header.writeUInt32BE(table.checksum, entry + 4)
    header.writeUInt32BE(offset, entry + 8)
    header.writeUInt32BE(table.data.length, entry + 12)
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4)
    table.data.copy(padded)
    chunks.push(padded)
    offset += padded.length
  })
  return Buffer.concat(chunks)
}

/**
 * French typesetting: a number stays on the line of the word it counts (« 10 secondes », « 149 € »)
 * and an elided article takes the typographic apostrophe (« l’IA »).
 */
export function typeset(card) {
  const keep = (text) => text?.replace(/(\d) (?=\S)/g, '$1\u00a0').replace(/(\p{L})'(?=\p{L})/gu, '$1\u2019')
  return { ...card, eyebrow: keep(card.eyebrow), title: keep(card.title) }
}

/** Satori's element shape, written without JSX (this file runs in Node as is). */
function h(type, style, ...children) {
  const kids = children.flat().filter((child) => child !== null && child !== undefined && child !== false)
  return { type, props: { style, children: kids.length === 1 ? kids[0] : kids } }
}

/** The brand mark of src/components/ui/brand-logo.tsx, as an SVG image. */
function markSvg(size) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32"><rect x="2" y="2" width="28" height="28" rx="8" fill="${COLORS.white}"/><circle cx="11" cy="11" r="3" fill="${COLORS.accent}"/><circle cx="21" cy="21" r="3" fill="${COLORS.accent}"/><circle cx="21" cy="11" r="3" fill="${COLORS.navy800}"/></svg>`
  return { type: 'img', props: { src: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, width: size, height: size } }
}

/**
 * The largest title size whose text fits `maxLines` lines of `width` px, estimated from the font's mean
 * advance at weight 800 (a little under 0.5 em in French text; 0.52 keeps a margin). Should a title still
 * run long, `lineClamp` ends it with an ellipsis rather than let it overflow.
 */
export function titleFontSize(title, width, maxLines = 3) {
  for (const size of [76, 68, 60, 54, 48, 42]) {
    const perLine = Math.floor(width / (size * 0.52))
    let lines = 1
    let used = 0
    for (const word of title.split(/\s+/)) {
      const needed = used === 0 ? word.length : used + 1 + word.length
      if (needed <= perLine) used = needed
      else {
        lines++
        used = word.length
      }
    }
    if (lines <= maxLines) return size
  }
  return 42
}

function cardElement(card, picture) {
  const textWidth = picture ? 600 : 720
  const fontSize = titleFontSize(card.title, textWidth)
  // As in the header: "Studio" in the accent colour after the platform's name.
  const [brandName, brandSuffix] = card.brand.split(' ')
  return h(
    'div',
    {
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      display: 'flex',
      position: 'relative',
      backgroundColor: COLORS.navy800,
      fontFamily: FONT_FAMILY,
      color: COLORS.white,
    },
    // Flat discs in the illustrations' own colours: a gradient would cost resvg several times the drawing time.
    h('div', { position: 'absolute', left: 760, top: -140, width: 620, height: 620, borderRadius: 310, backgroundColor: COLORS.discLight }),
    h('div', { position: 'absolute', left: -180, top: 420, width: 420, height: 420, borderRadius: 210, backgroundColor: COLORS.discDark }),
    h('div', { position: 'absolute', left: 0, bottom: 0, width: CARD_WIDTH, height: 14, backgroundColor: COLORS.accent }),
    h(
      'div',
      { position: 'absolute', left: 72, top: 64, display: 'flex', alignItems: 'center' },
      markSvg(60),
      h('div', { display: 'flex', marginLeft: 18, fontSize: 40, fontWeight: 800, letterSpacing: -0.5 }, brandName, brandSuffix ? h('span', { color: COLORS.accent, marginLeft: 10 }, brandSuffix) : null),
    ),
    h(
      'div',
      { position: 'absolute', left: 72, top: 180, bottom: 72, width: textWidth, display: 'flex', flexDirection: 'column', justifyContent: 'center' },
      card.eyebrow
        ? h('div', { fontSize: 24, fontWeight: 700, color: COLORS.accent, textTransform: 'uppercase', letterSpacing: 0.08 * 24, lineClamp: 2, marginBottom: 18 }, card.eyebrow)
        : null,
      h('div', { display: 'block', fontSize, fontWeight: 800, lineHeight: 1.08, letterSpacing: -0.025 * fontSize, lineClamp: 4 }, card.title),
    ),
    picture ? pictureElement(picture) : dieElement(),
  )
}

/** A page without a picture shows the brand's mark as a large die, thrown onto the card. */
function dieElement() {
  return h('div', { position: 'absolute', right: 110, top: 190, display: 'flex', transform: 'rotate(-10deg)' }, markSvg(250))
}

function pictureElement({ svg, width, height, tile }) {
  const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
  if (tile) {
    // Game pictures are light tiles drawn for white cards: shown as one, tilted like a card on a table.
    const tileWidth = 440
    const tileHeight = Math.round((tileWidth * height) / width)
    return h(
      'div',
      { position: 'absolute', right: 72, top: 150, display: 'flex', padding: 14, borderRadius: 28, backgroundColor: COLORS.white, transform: 'rotate(-3deg)' },
      { type: 'img', props: { src, width: tileWidth, height: tileHeight, style: { borderRadius: 18 } } },
    )
  }
  const drawnWidth = 500
  return { type: 'img', props: { src, width: drawnWidth, height: Math.round((drawnWidth * height) / width), style: { position: 'absolute', right: 40, top: 130 } } }
}

/** Width and height an SVG declares on its root element. */
function svgSize(svg) {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? ''
  const read = (name) => Number(new RegExp(`\\s${name}="([\\d.]+)"`).exec(root)?.[1])
  const width = read('width')
  const height = read('height')
  if (!width || !height) throw new Error('The illustration must declare its width and height')
  return { width, height }
}

/**
 * Loads satori, its layout engine, resvg and the fonts once; returns `render(card)`, which resolves to a PNG.
 * `fontCacheDir` receives the TrueType copies resvg reads by path.
 */
export async function createCardRenderer({ fontCacheDir }) {
  const [{ default: satori, init }, { Resvg }, wasm, fontData] = await Promise.all([
    import('satori/standalone'),
    import('@resvg/resvg-js'),
    readFile(require.resolve('satori/layout.wasm')),
    Promise.all(FONT_FILES.map((file) => readFile(file))),
  ])
  await init(wasm)
  const fonts = FONT_WEIGHTS.map((weight, index) => ({ name: FONT_FAMILY, data: fontData[index], weight, style: 'normal' }))
  const ttfFiles = await Promise.all(
    fontData.map(async (woff, index) => {
      const ttf = woffToTtf(woff)
      const file = path.join(fontCacheDir, `plus-jakarta-sans-${FONT_WEIGHTS[index]}-${createHash('sha256').update(ttf).digest('hex').slice(0, 12)}.ttf`)
      await mkdir(fontCacheDir, { recursive: true })
      const partial = `${file}.${process.pid}-${index}.tmp`
      await writeFile(partial, ttf)
      await rename(partial, file)
      return file
    }),
  )
  // The illustrations name system-ui and sans-serif: both become the site's font, and no system font is read.
  const outlineOptions = { font: { loadSystemFonts: false, fontFiles: ttfFiles, defaultFontFamily: FONT_FAMILY, sansSerifFamily: FONT_FAMILY } }

  return async function render(card) {
    // resvg skips <text> inside an embedded SVG image: the illustration's words become outlines first.
    const picture = card.picture ? { ...card.picture, ...svgSize(card.picture.svg), svg: new Resvg(card.picture.svg, outlineOptions).toString() } : undefined
    const svg = await satori(cardElement(typeset(card), picture), { width: CARD_WIDTH, height: CARD_HEIGHT, fonts })
    // Drawn synchronously, on this worker's own thread: resvg's async render would queue on libuv's pool,
    // which the whole process shares, and hold up the main thread's file reads and writes behind it.
    return new Resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } }).render().asPng()
  }
}
