import { describe, expect, it } from 'vitest'
import { bank, LANGUAGES, readBank } from '#src/server/generator/bank'
import { foreignWords, sameKind } from '#src/server/generator/quality'
import { findKeyword, stems } from '#src/server/generator/text-match'
import { matchTopics, rankEntries } from '#src/server/generator/topics'
import activities from '../../../../content/generator/activities.json'
import events from '../../../../content/generator/events.json'
import language from '../../../../content/generator/language.json'
import templates from '../../../../content/generator/templates.json'

const entries = [...bank.activities, ...bank.events]
const nobody: string[][] = []
const mentions = (text: string, entry: (typeof entries)[number]) => [...entry.keywords, ...entry.vocabulary].some((keyword) => findKeyword(stems(text), keyword) >= 0)
const request = (companyActivity: string, event = 'Journée client') => ({ companyName: 'Maison Test', companyActivity, event, additionalInformation: '' })

describe('generator bank', () => {
  it('knows at least 40 activities across the sectors and 25 events and seasons of the French calendar', () => {
    expect(bank.activities.filter((activity) => !activity.generic).length).toBeGreaterThanOrEqual(40)
    expect(new Set(bank.activities.map((activity) => activity.sector)).size).toBe(Object.keys(bank.sectors).length)
    expect(Object.keys(bank.sectors)).toEqual(expect.arrayContaining(['food', 'retail', 'beauty', 'automotive', 'realestate', 'health', 'sport', 'culture', 'tourism', 'services', 'associations']))
    expect(bank.events.length).toBeGreaterThanOrEqual(25)
  })

  it.each(entries.map((entry) => [entry.id, entry] as const))('%s: every fact and poll is about the entry, in its language, with answers of one kind', (_id, entry) => {
    for (const item of entry.facts) {
      for (const lang of LANGUAGES) {
        const fact = item[lang]
        expect(mentions([fact.question, fact.answer, ...fact.distractors].join(' \n '), entry), fact.question).toBe(true)
        expect(sameKind([fact.answer, ...fact.distractors]), fact.question).toBe(true)
        for (const text of [fact.question, fact.answer, ...fact.distractors, fact.explanation]) expect(foreignWords(text, lang, nobody), text).toEqual([])
      }
    }
    for (const item of entry.polls) {
      for (const lang of LANGUAGES) {
        const poll = item[lang]
        expect(mentions([poll.question, ...poll.answers].join(' \n '), entry), poll.question).toBe(true)
        for (const text of [poll.question, ...poll.answers]) expect(foreignWords(text, lang, nobody), text).toEqual([])
      }
    }
  })

  it('names each activity and event with words that lead back to it', () => {
    for (const activity of bank.activities) {
      for (const lang of LANGUAGES) expect(rankEntries(activity.label[lang], bank.activities).map(({ id }) => id), activity.label[lang]).toContain(activity.id)
    }
    for (const event of bank.events) {
      for (const lang of LANGUAGES) if (event.names) expect(mentions(`${event.names[lang].name} ${event.names[lang].of}`, event), event.names[lang].name).toBe(true)
    }
  })

  it('writes every template in its own language', () => {
    for (const lang of LANGUAGES) {
      const strings: string[] = []
      JSON.stringify(bank.templates[lang], (_key, value: unknown) => (typeof value === 'string' ? void strings.push(value) : value))
      for (const text of strings) expect(foreignWords(text.replace(/\{\w+\}/g, 'Lemoine'), lang, nobody), text).toEqual([])
    }
  })

  it('recognises a trade or an event whatever the accents, the case and the plural', () => {
    expect(matchTopics(request('BOULANGERIES')).activities[0]?.id).toBe('bakery')
    expect(matchTopics(request('fromageries affineurs')).activities[0]?.id).toBe('cheese')
    expect(matchTopics(request('Opticiens', 'FETE DES MERES')).namedEvent?.id).toBe('mothersday')
    expect(matchTopics(request('bijoux fantaisie', 'noel')).namedEvent?.id).toBe('christmas')
    expect(matchTopics(request('bijoux fantaisie')).activities[0]?.id).toBe('jewellery')
    expect(matchTopics(request('Car dealerships', "St Patrick's Day")).activities[0]?.id).toBe('cardealer')
    expect(matchTopics(request('bakeries', 'saint-patrick')).namedEvent?.id).toBe('stpatrick')
  })

  it('prefers the trade named first and never mixes in a weaker one', () => {
    expect(matchTopics(request('restaurant de fruits de mer')).activities.map(({ id }) => id)).toEqual(['restaurant', 'fishmonger'])
    expect(matchTopics(request('agence de communication pour les restaurants')).activities.map(({ id }) => id)).toEqual(['agency'])
    expect(matchTopics(request('vente de vélos', 'vacances de Noël')).namedEvent?.id).toBe('christmas')
    expect(matchTopics(request('magasin de vélos')).activities.map(({ id }) => id)).toEqual(['bike'])
  })

  it('refuses a broken bank with the faulty entry named', () => {
    const sources = { activities, events, templates, language }
    const clone = () => JSON.parse(JSON.stringify(sources)) as typeof sources
    const typo = clone()
    typo.templates.fr.title.quiz[0] = '{compagny} : le grand quiz'
    expect(() => readBank(typo)).toThrow(/templates.json.fr.title.quiz\[0\]: unknown placeholder \{compagny\}/)
    const twice = clone()
    twice.activities.activities[0]!.facts[0]!.fr.distractors[0] = twice.activities.activities[0]!.facts[0]!.fr.answer
    expect(() => readBank(twice)).toThrow(/activities.json activities\[0\].facts\[0\].fr: a distractor repeats/)
    const untranslated = clone()
    delete (untranslated.events.events[0]!.facts[0] as { en?: unknown }).en
    expect(() => readBank(untranslated)).toThrow(/events.json events\[0\].facts\[0\].en: expected an object/)
    const orphan = clone()
    orphan.activities.activities[0]!.sector = 'space'
    expect(() => readBank(orphan)).toThrow(/unknown sector "space"/)
  })
})
