import type { Token, Tokens } from 'marked'

/** The text of one line of `src` from `start`, without its line feed, and where the next line starts. */
function lineFrom(src: string, start: number): { text: string; next: number } {
  const end = src.indexOf('\n', start)
  return end === -1 ? { text: src.slice(start), next: src.length + 1 } : { text: src.slice(start, end), next: end + 1 }
}

const indentOf = (line: string) => {
  let columns = 0
  for (const char of line) {
    if (char === ' ') columns++
    else if (char === '\t') columns += 4 - (columns % 4)
    else break
  }
  return columns
}

/** markdown-it's table row split: `\|` is a literal pipe, every other pipe a cell boundary. */
function splitRow(line: string): string[] {
  const cells: string[] = []
  let current = ''
  let escaped = false
  for (const char of line) {
    if (char === '|' && !escaped) {
      cells.push(current)
      current = ''
    } else current = char === '|' ? `${current.slice(0, -1)}|` : current + char
    escaped = char === '\\'
  }
  cells.push(current)
  if (cells[0] === '') cells.shift()
  if (cells.at(-1) === '') cells.pop()
  return cells
}

/** Blocks that end a table in markdown-it (its blockquote terminators), but HTML blocks. */
const ENDS_TABLE = /^ {0,3}(?:`{3,}|~{3,}|>|#{1,6}(?:[ \t]|$)|(?:[-*_][ \t]*){3,}$|(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$))/

/** markdown-it's cap on the empty cells it adds to short rows (a wide header must not multiply cells). */
const MAX_AUTOCOMPLETED_CELLS = 0x10000

/**
 * markdown-it's table rule: header row, delimiter row, then rows until a blank line or another block
 * (`htmlBlock` tells where an HTML block that may interrupt one starts).
 */
export function parseTable(src: string, inline: (text: string) => Token[], htmlBlock: RegExp): Tokens.Table | undefined {
  const header = lineFrom(src, 0)
  if (header.next > src.length) return undefined
  const delimiter = lineFrom(src, header.next)
  if (indentOf(delimiter.text) >= 4 || indentOf(header.text) >= 4) return undefined
  const delimiterText = delimiter.text.trimStart()
  if (!/^[|:-][|:\- \t]/.test(delimiterText) || /^-[ \t]/.test(delimiterText) || /[^|:\- \t]/.test(delimiterText)) return undefined
  const columns = delimiterText.split('|')
  const align: Array<'left' | 'right' | 'center' | null> = []
  for (const [index, column] of columns.entries()) {
    const cell = column.trim()
    if (!cell) {
      if (index === 0 || index === columns.length - 1) continue
      return undefined
    }
    if (!/^:?-+:?$/.test(cell)) return undefined
    align.push(cell.endsWith(':') ? (cell.startsWith(':') ? 'center' : 'right') : cell.startsWith(':') ? 'left' : null)
  }
  const headerText = header.text.trim()
  if (!headerText.includes('|')) return undefined
  const headerCells = splitRow(headerText)
  if (headerCells.length === 0 || headerCells.length !== align.length) return undefined
  const cell = (text: string, isHeader: boolean, index: number): Tokens.TableCell => ({
    text,
    tokens: inline(text),
    header: isHeader,
    align: align[index] ?? null,
  })
  const table: Tokens.Table = {
    type: 'table',
    raw: '',
    align,
    header: headerCells.map((text, index) => cell(text.trim(), true, index)),
    rows: [],
  }
  let end = delimiter.next
  let autocompleted = 0
  while (end <= src.length) {
    const row = lineFrom(src, end)
    const text = row.text.trim()
    if (!text || ENDS_TABLE.test(row.text) || htmlBlock.test(row.text) || indentOf(row.text) >= 4) break
    const cells = splitRow(text)
    autocompleted += align.length - cells.length
    if (autocompleted > MAX_AUTOCOMPLETED_CELLS) break
    table.rows.push(align.map((_, index) => cell(cells[index]?.trim() ?? '', false, index)))
    end = row.next
  }
  table.raw = src.slice(0, Math.min(end, src.length))
  return table
}
