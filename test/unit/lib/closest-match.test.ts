import { describe, expect, it } from 'vitest'
import { closestMatch, editDistance } from '#src/lib/closest-match'

describe('closest match', () => {
  it('counts a swap of two neighbouring letters as one edit', () => {
    expect(editDistance('titel', 'title')).toBe(1)
    expect(editDistance('gmaes', 'games')).toBe(1)
    expect(editDistance('heading', 'heading')).toBe(0)
    expect(editDistance('', 'abc')).toBe(3)
    expect(editDistance('lead', 'title')).toBe(5)
  })

  it('suggests the word a slip was meant to be, ignoring case, and nothing for a different word', () => {
    expect(closestMatch('titel', ['id', 'title', 'intro'])).toBe('title')
    expect(closestMatch('Heading', ['heading', 'lead'])).toBe('heading')
    expect(closestMatch('descripton', ['title', 'description'])).toBe('description')
    expect(closestMatch('subtitle', ['title', 'intro'])).toBeUndefined()
    expect(closestMatch('xy', ['id'])).toBeUndefined()
  })

  it('suggests neither of two candidates equally close', () => {
    expect(closestMatch('cat', ['car', 'cap'])).toBeUndefined()
    expect(closestMatch('cart', ['car', 'cap'])).toBe('car')
  })
})
