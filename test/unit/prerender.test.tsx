import { describe, expect, it } from 'vitest'
import type { PagePayload } from '#src/lib/payload'
import { renderPage } from '#src/prerender'

const homeWith = (sections: unknown[]): PagePayload => ({ path: '/', meta: { title: 'Ludora', description: 'Jeux-concours' }, page: { sections } })

describe('the prerender', () => {
  it('writes the page text into the HTML', async () => {
    const html = await renderPage('/', homeWith([{ type: 'hero', heading: 'Votre jeu prêt en 10 secondes', lead: 'Quiz, roue, grattage.' }]))
    expect(html).toContain('<h1>Votre jeu prêt en 10 secondes</h1>')
    expect(html).toContain('Quiz, roue, grattage.')
  })

  it('stops the build when a page fails to render, instead of shipping it empty', async () => {
    await expect(renderPage('/', homeWith([{ type: 'carrousel', id: 'jeux', title: 'Nos jeux' }]))).rejects.toThrow(
      /^Prerender of \/ failed: .*Le contenu de cette page contient un bloc inconnu \(carrousel\)\./s,
    )
  })
})
