import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { dropTooDeepLines } from '#src/lib/markdown-nesting'

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/markdown-it')

describe('dropTooDeepLines', () => {
  it('leaves every document nested less deeply than the limit as it is', () => {
    for (const folder of ['commonmark', 'markdown-it']) {
      for (const file of readdirSync(path.join(FIXTURES, folder))) {
        if (!file.endsWith('.txt')) continue
        const source = readFileSync(path.join(FIXTURES, folder, file), 'utf8')
        expect(dropTooDeepLines(source, 100), file).toBe(source)
      }
    }
  })

  it('drops the lines inside a container at the limit, and only them', () => {
    const list = Array.from({ length: 6 }, (_, level) => `${'  '.repeat(level)}- item ${level}`)
    const source = ['Avant', '', ...list.slice(0, 4), '', ...list.slice(4), '- dehors', '', 'Après'].join('\n')
    // Levels: a list and its item count 2, so the third item's content (level 6) is the first too deep.
    expect(dropTooDeepLines(source, 6)).toBe(['Avant', '', ...list.slice(0, 3), '', '- dehors', '', 'Après'].join('\n'))
  })

  it('keeps the blockquote markers of a blank line inside a too-deep blockquote', () => {
    // The blank line keeps the outer blockquote open: `> b` stays in it, after the empty nested ones.
    expect(dropTooDeepLines('> a\n>>>> profond\n>>>> encore\n>>>\n> b', 3)).toBe('> a\n>>>> profond\n>>>\n> b')
  })
})
