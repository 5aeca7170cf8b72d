import { afterEach, describe, expect, it, vi } from 'vitest'
import { heroImageOf, warmPageImages } from '#src/lib/warm-page-images'

afterEach(() => vi.unstubAllGlobals())

describe('warming a page’s pictures on intent', () => {
  it('names the hero’s illustration, and nothing for a page without one', () => {
    expect(heroImageOf({ sections: [{ type: 'hero', image: { src: '/images/heroes/agency.svg', width: 1, height: 1 } }, { type: 'cards' }] })).toBe('/images/heroes/agency.svg')
    expect(heroImageOf({ sections: [{ type: 'cards' }, { type: 'hero', heading: 'Sans image' }] })).toBeUndefined()
    expect(heroImageOf({ title: 'Mentions légales' })).toBeUndefined()
    expect(heroImageOf(undefined)).toBeUndefined()
  })

  it('fetches that picture once through an image, as the page will show it', () => {
    const created: { src: string }[] = []
    vi.stubGlobal(
      'Image',
      class {
        src = ''
        constructor() {
          created.push(this)
        }
      },
    )
    warmPageImages({ sections: [{ type: 'hero', image: { src: '/images/heroes/customers.svg' } }] })
    warmPageImages({ sections: [] })
    expect(created.map((image) => image.src)).toEqual(['/images/heroes/customers.svg'])
  })
})
