import { describe, expect, it } from 'vitest'
import { withoutContactDetails } from '#src/features/contact-form/contact-statistics'

describe('the contact object as statistics name it', () => {
  it('keeps an ordinary object as written', () => {
    expect(withoutContactDetails('Devis pour un jeu de Noël 2026')).toBe('Devis pour un jeu de Noël 2026')
    expect(withoutContactDetails('Campagne -15 % en 3 magasins')).toBe('Campagne -15 % en 3 magasins')
  })

  it('takes out e-mail addresses and phone numbers', () => {
    expect(withoutContactDetails('Rappel au 06 12 34 56 78 svp')).toBe('Rappel au [numéro] svp')
    expect(withoutContactDetails('Rappel au +33 6 12 34 56 78')).toBe('Rappel au [numéro]')
    expect(withoutContactDetails('Écrire à marie.dupont@boulangerie.fr')).toBe('Écrire à [e-mail]')
    expect(withoutContactDetails('Tél. 0612345678')).toBe('Tél. [numéro]')
  })
})
