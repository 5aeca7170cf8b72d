import { describe, expect, it } from 'vitest'
import { compileKeyword, findKeyword, KeywordIndex, stems, type Keyword } from '#src/server/generator/text-match'
import { rankEntries } from '#src/server/generator/topics'

const indexOf = (entries: Record<string, string[]>, derivedNames = false) => new KeywordIndex(Object.keys(entries), (id) => entries[id]!.map(compileKeyword), derivedNames)
const found = (text: string, entries: Record<string, string[]>) => [...new Set(indexOf(entries).find(stems(text)).map(({ entry }) => entry))]

describe('generator word matching', () => {
  it('folds French plurals in -ies and English -y onto one stem', () => {
    expect(stems('Bougies parfumées')).toEqual(stems('bougie parfumée'))
    expect(stems('bakeries')).toEqual(stems('bakery'))
    expect(stems('pharmacy')).toEqual(stems('pharmacie'))
    expect(findKeyword(stems('Fabrique de bougies'), compileKeyword('bougie*'))).toBe(2)
    expect(findKeyword(stems('whiskies'), compileKeyword('whisky*'))).toBe(0)
    expect(stems('toys, days')).toEqual(['toy', 'day'])
  })

  it('reads an English compound no keyword knows as its known word and its head', () => {
    const bank = { food: ['cheese maker*', 'cheese'], crafts: ['candle*'], animals: ['dog walker*'] }
    expect(found('Cheesemakers of the valley', bank)).toEqual(['food'])
    expect(found('candlemaker', bank)).toEqual(['crafts'])
    expect(found('dogwalker', bank)).toEqual(['animals'])
    // Not a compound: no head, or a word the index knows whole.
    expect(found('carpet', { cars: ['car'], pets: ['pet'] })).toEqual([])
    expect(found('bookshop', { books: ['book'], shops: ['bookshop'] })).toEqual(['shops'])
  })

  it('reads a word no keyword knows as a two-word keyword written closed, whatever its head', () => {
    const index = indexOf({ sport: ['roller*', 'wake board*'], building: ['roller shutter*'], leisure: ['model aircraft'], driving: ['aircraft'] })
    // Two known words that are no keyword together stay one word ("bootcamp" is not boots and a camp).
    const readings = { rollershutters: ['building'], wakeboarding: ['sport'], 'modelaircraft club': ['leisure'], rolleraircraft: ['sport'], aircraftroller: [] }
    for (const [text, worlds] of Object.entries(readings)) expect(rankEntries(text, index, 1), text).toEqual(worlds)
  })

  it('reads a plural its stem does not fold as its singular known whole, in every index', () => {
    const index = indexOf({ animals: ['cheval', 'leash', 'canicross'], law: ['trib*'], justice: ['tribunal*'], crafts: ['knife'], plumbing: ['tuyau*'] })
    const readings = { 'élevage de chevaux': ['animals'], leashes: ['animals'], canicrosses: ['animals'], tribunaux: ['justice'], knives: ['crafts'], tuyaux: ['plumbing'], vaches: [] }
    for (const [text, worlds] of Object.entries(readings)) expect(rankEntries(text, index, 1), text).toEqual(worlds)
  })

  it('reads a word no keyword knows as another name of the same trade, known whole', () => {
    const words = { animals: ['fishkeeping'], food: ['fish'], beauty: ['microblading', 'orthophonie'], surveyor: ['géomètre*'], garden: ['planter'], building: ['pool builder*'], leisure: ['building'] }
    const index = indexOf(words, true)
    const readings = { fishkeeper: ['animals'], microblader: ['beauty'], orthophoniste: ['beauty'], 'géométrie des roues': [], 'tree planting': [], 'pool builder': ['building'] }
    for (const [text, worlds] of Object.entries(readings)) expect(rankEntries(text, index, 1), text).toEqual(worlds)
    // Only where asked: the trades' index does not name a trade by another of its names.
    expect(rankEntries('microblader', indexOf(words), 1)).toEqual([])
  })

  it('ranks first the entry whose keyword spells more of the same words', () => {
    const index = indexOf({ sport: ['court*', 'tennis'], finance: ['courtier'], drinks: ['rhum*'], health: ['rhumatolog*'] })
    expect(rankEntries('courtier en assurances', index, 1)).toEqual(['finance'])
    expect(rankEntries('court de tennis', index, 1)).toEqual(['sport'])
    expect(rankEntries('cabinet de rhumatologie', index, 1)).toEqual(['health'])
    expect(rankEntries('rhumerie', index, 1)).toEqual(['drinks'])
  })

  it('lets a vague keyword hide the shorter ones it spells, without scoring itself', () => {
    const index = indexOf({ law: ['contract*'], building: ['contractor*', 'roofing'] })
    const telling = (keyword: Keyword) => keyword.source !== 'contractor*'
    expect(rankEntries('steel contractor', index, 1, 'first', telling)).toEqual([])
    expect(rankEntries('roofing contractor', index, 1, 'first', telling)).toEqual(['building'])
    expect(rankEntries('contract law', index, 1, 'first', telling)).toEqual(['law'])
  })
})
