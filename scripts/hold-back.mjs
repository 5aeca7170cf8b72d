// Marks the blocks of a long prerendered page that its first frame can do without
// (docs/decisions/066-first-frame-holds-back-the-rest.md).
import { JSDOM } from 'jsdom'

/** Below this many elements, a page's first frame is short enough whole: nothing is held back. */
export const LONG_PAGE_ELEMENTS = 300
/** About what the first screen of a phone shows: the blocks kept in the first frame stop at this many elements. */
export const FIRST_SCREEN_ELEMENTS = 100
/** A batch is laid out in a frame of its own; at 300, two frames of `/application` still blocked a phone 4× slower than a laptop. */
export const BATCH_ELEMENTS = 150
/** `[data-later]` rules in src/styles/global.css: one per batch, each shown a step after the one before. */
export const BATCHES = 4

const size = (element) => element.getElementsByTagName('*').length + 1

/**
 * Gives the blocks of a long page that come after its first screen, and its footer, a `data-later` batch
 * number; the stylesheet keeps each batch out of the first frames. The HTML is otherwise left byte for
 * byte as React wrote it, so it still hydrates in place.
 */
export function holdBackBelowFirstScreen(appHtml) {
  const dom = new JSDOM(appHtml, { includeNodeLocations: true })
  const { document } = dom.window
  const main = document.querySelector('main')
  if (!main || size(document.body) - 1 <= LONG_PAGE_ELEMENTS) return appHtml

  let blocks = [...main.children]
  if (!blocks.length) return appHtml
  // A wrapper as big as a batch says nothing about the first screen: its own blocks do.
  while (size(blocks[0]) > BATCH_ELEMENTS && blocks[0].children.length > 1) blocks = [...blocks[0].children, ...blocks.slice(1)]
  const sizes = blocks.map(size)
  let firstScreen = 1
  let kept = sizes[0]
  while (firstScreen < blocks.length && kept + sizes[firstScreen] <= FIRST_SCREEN_ELEMENTS) kept += sizes[firstScreen++]

  const footer = [...document.body.getElementsByTagName('footer')].find((element) => !main.contains(element))
  const later = [...blocks.slice(firstScreen).map((block, index) => ({ block, elements: sizes[firstScreen + index] })), ...(footer ? [{ block: footer, elements: size(footer) }] : [])]
  const marks = []
  let batch = 1
  let inBatch = 0
  for (const { block, elements } of later) {
    if (inBatch > 0 && inBatch + elements > BATCH_ELEMENTS && batch < BATCHES) {
      batch++
      inBatch = 0
    }
    inBatch += elements
    const { startTag } = dom.nodeLocation(block)
    marks.push({ at: startTag.startOffset + 1 + block.localName.length, batch })
  }
  let html = appHtml
  for (const { at, batch: number } of marks.sort((a, b) => b.at - a.at)) html = `${html.slice(0, at)} data-later="${number}"${html.slice(at)}`
  return html
}
