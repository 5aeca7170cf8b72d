import { describe, expect, it } from 'vitest'
import { resolveContentReferences } from '#src/lib/content-references'
import type { PagePayload } from '#src/lib/payload'

const fournil = {
  id: 'fournil-et-fils',
  client: 'Boulangeries Fournil & Fils',
  sector: 'Boulangerie, 6 boutiques',
  goal: 'Faire connaître la galette.',
  game: 'Roue de la fortune',
  story: 'Trois semaines de janvier.',
  figures: [
    { value: '4 860', label: 'participations' },
    { value: '+18 %', label: 'de galettes vendues' },
  ],
  quote: { text: 'La roue est devenue un rendez-vous.', author: 'Claire F., co-gérante' },
}

const quiz = { id: 'quiz', illustration: 'quiz', title: 'Quiz', text: 'Des questions.', howToPlay: ['Répondre.'] }

function site(...pages: { path: string; sections: unknown[] }[]): Map<string, PagePayload> {
  return new Map(pages.map(({ path, sections }) => [path, { path, meta: { title: path, description: path }, page: { sections } }]))
}

const sectionsOf = (payloads: Map<string, PagePayload>, path: string) => (payloads.get(path)?.page as { sections: Record<string, unknown>[] }).sections

describe('content references', () => {
  it('draw a proof from the case it names: the client, the chosen figure and the quote', () => {
    const payloads = site(
      { path: '/cas-clients', sections: [{ type: 'cases', id: 'cas', title: 'Cas', items: [fournil] }] },
      { path: '/', sections: [{ type: 'proof', id: 'preuves', title: 'Preuves', cases: [{ case: 'fournil-et-fils', figure: 1 }], link: { label: 'Cas', href: '/cas-clients' } }] },
    )
    resolveContentReferences(payloads)
    expect(sectionsOf(payloads, '/')[0]).toEqual({
      type: 'proof',
      id: 'preuves',
      title: 'Preuves',
      link: { label: 'Cas', href: '/cas-clients' },
      items: [{ id: 'fournil-et-fils', client: 'Boulangeries Fournil & Fils', sector: 'Boulangerie, 6 boutiques', figure: { value: '+18 %', label: 'de galettes vendues' }, quote: fournil.quote }],
    })
  })

  it('give a games section the catalogue another page writes', () => {
    const payloads = site(
      { path: '/', sections: [{ type: 'games', id: 'jeux', title: 'Jeux', howToPlayLabel: 'Comment on joue', items: [quiz] }] },
      { path: '/application', sections: [{ type: 'games', id: 'jeux', title: 'Les jeux', howToPlayLabel: 'Comment on joue', itemsFrom: '/' }] },
    )
    resolveContentReferences(payloads)
    expect(sectionsOf(payloads, '/application')[0]).toEqual({ type: 'games', id: 'jeux', title: 'Les jeux', howToPlayLabel: 'Comment on joue', items: [quiz] })
  })
})
