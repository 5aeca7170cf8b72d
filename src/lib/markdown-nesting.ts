/**
 * markdown-it stops reading blocks nested deeper than its maxNesting: such a container renders empty. marked
 * would still re-read every nested level's whole text first (10,000 nested list items are 100 MB of
 * indentation), so the lines that only feed too-deep containers are dropped before marked sees them, in one
 * pass over the lines' container prefixes. The renderer's lexer keeps the same limit on what remains.
 */

interface Container {
  quote: boolean
  /** Column where a list item's content starts: continuation lines must be indented that far. */
  column: number
  /** markdown-it's level of the container's content (a blockquote adds 1, a list and its item 2). */
  level: number
}

interface Cursor {
  pos: number
  col: number
}

/** Skips spaces and tabs (tab stops every 4 columns) until `limit` columns are reached or something else comes. */
function skipSpaces(line: string, from: Cursor, limit: number): Cursor {
  let { pos, col } = from
  while (col < limit && pos < line.length) {
    const char = line.charCodeAt(pos)
    if (char === 0x20) col++
    else if (char === 0x09) col += 4 - (col % 4)
    else break
    pos++
  }
  return { pos, col }
}

const LIST_MARKER = /^(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)/
const THEMATIC_BREAK = /^([-*_])(?:[ \t]*\1){2,}[ \t]*$/
const STARTS_BLOCK = /^(?:>|[-+*][ \t]+\S|1[.)][ \t]+\S|#{1,6}(?:[ \t]|$)|`{3,}|~{3,}|<[a-zA-Z/!?])/
const FENCE = /^(`{3,}|~{3,})/

/** The blockquote and list-item markers opening on this line after `from`, as CommonMark reads them. */
function* openedContainers(line: string, from: Cursor, parentLevel: number, interruptsParagraph: boolean) {
  let cursor = from
  let level = parentLevel
  for (;;) {
    const start = skipSpaces(line, cursor, cursor.col + 4)
    if (start.col - cursor.col >= 4) return
    const rest = line.slice(start.pos, start.pos + 12)
    if (rest[0] === '>') {
      cursor = { pos: start.pos + 1, col: start.col + 1 }
      if (line[cursor.pos] === ' ' || line[cursor.pos] === '\t') cursor = skipSpaces(line, cursor, cursor.col + 1)
      level += 1
      yield { container: { quote: true, column: cursor.col, level }, cursor }
    } else {
      const marker = LIST_MARKER.exec(rest)?.[0]
      if (!marker || THEMATIC_BREAK.test(line.slice(start.pos, start.pos + 200))) return
      const after = { pos: start.pos + marker.length, col: start.col + marker.length }
      const content = skipSpaces(line, after, after.col + 5)
      const empty = content.pos >= line.length
      // A list item interrupts a paragraph only when it has content and, if ordered, starts at 1.
      if (interruptsParagraph && (empty || (marker.length > 1 && !/^1[.)]$/.test(marker)))) return
      const spaces = content.col - after.col
      const column = empty || spaces > 4 ? after.col + 1 : content.col
      cursor = empty || spaces > 4 ? skipSpaces(line, after, after.col + 1) : content
      level += 2
      yield { container: { quote: false, column, level }, cursor }
    }
    interruptsParagraph = false
  }
}

/** Whether the text after the containers leaves a paragraph open (lazy continuation lines may follow). */
function opensParagraph(line: string, cursor: Cursor, paragraphOpen: boolean): boolean {
  const start = skipSpaces(line, cursor, cursor.col + 4)
  if (start.pos >= line.length) return false
  if (start.col - cursor.col >= 4) return paragraphOpen
  const rest = line.slice(start.pos, start.pos + 200)
  return !STARTS_BLOCK.test(rest) && !THEMATIC_BREAK.test(rest) && !(paragraphOpen && /^(?:=+|-+)[ \t]*$/.test(rest))
}

/** The source without the lines that only hold content of containers nested `maxNesting` levels deep or more. */
export function dropTooDeepLines(source: string, maxNesting: number): string {
  const lines = source.split(/\r\n?|\n/)
  const kept: string[] = []
  const stack: Container[] = []
  let paragraph = false
  let fence: { marker: string; depth: number } | undefined
  for (const line of lines) {
    let cursor: Cursor = { pos: 0, col: 0 }
    let matched = 0
    for (; matched < stack.length; matched++) {
      const container = stack[matched]!
      if (container.quote) {
        const marker = skipSpaces(line, cursor, cursor.col + 3)
        if (line[marker.pos] !== '>') break
        cursor = { pos: marker.pos + 1, col: marker.col + 1 }
        if (line[cursor.pos] === ' ' || line[cursor.pos] === '\t') cursor = skipSpaces(line, cursor, cursor.col + 1)
      } else {
        const indented = skipSpaces(line, cursor, container.column)
        if (indented.col < container.column && indented.pos < line.length) break
        cursor = indented
      }
    }
    const last = line.charCodeAt(line.length - 1)
    // Deep lines are mostly indentation: a line ending in text is known not blank without reading it.
    const blank = cursor.pos >= line.length || ((last === 0x20 || last === 0x09) && skipSpaces(line, cursor, Infinity).pos >= line.length)
    const tooDeep = (stack.at(-1)?.level ?? 0) >= maxNesting
    if (matched < stack.length) {
      const lazy = paragraph && !blank && !fence && opensParagraph(line, cursor, paragraph)
      if (lazy) {
        if (!tooDeep) kept.push(line)
        continue
      }
      stack.length = matched
      paragraph = false
      if (fence && fence.depth > matched) fence = undefined
    } else if (tooDeep) {
      // Inside a too-deep container only blank lines stay (they decide whether outer lists are loose), with the
      // container markers that keep outer blockquotes open.
      if (blank) kept.push(line.slice(0, cursor.pos))
      paragraph = !blank && opensParagraph(line, [...openedContainers(line, cursor, 0, false)].at(-1)?.cursor ?? cursor, paragraph)
      continue
    }
    kept.push(line)
    if (fence) {
      if (FENCE.exec(line.slice(skipSpaces(line, cursor, cursor.col + 3).pos))?.[0].startsWith(fence.marker)) fence = undefined
      continue
    }
    for (const { container, cursor: next } of openedContainers(line, cursor, stack.at(-1)?.level ?? 0, paragraph && !blank)) {
      stack.push(container)
      cursor = next
      paragraph = false
      // What opens deeper on this line is inside a container that renders empty: marked's own limit drops it.
      if (container.level >= maxNesting) break
    }
    const start = skipSpaces(line, cursor, cursor.col + 4)
    const opening = start.col - cursor.col < 4 ? FENCE.exec(line.slice(start.pos, start.pos + 200)) : null
    if (opening && !(opening[1]![0] === '`' && line.slice(start.pos + opening[1]!.length).includes('`'))) {
      fence = { marker: opening[1]!, depth: stack.length }
      paragraph = false
    } else paragraph = opensParagraph(line, cursor, paragraph)
  }
  return kept.join('\n')
}
