import { describe, expect, it } from 'vitest'
import { contactSchema } from '#src/features/contact-form/contact-schema'
import { newsletterSchema } from '#src/features/newsletter/newsletter-schema'

const valid = { firstName: 'Camille', name: 'Martin', email: 'camille@exemple.fr', phone: '+33 6 12 34 56 78', company: 'Boulangerie', object: 'Jeu de Noël', message: 'Nous voudrions un jeu pour Noël en magasin.' }

async function errorsOf(value: object): Promise<Record<string, string>> {
  try {
    await contactSchema.validate(value, { abortEarly: false })
    return {}
  } catch (error) {
    return Object.fromEntries((error as { inner: { path: string; message: string }[] }).inner.map((inner) => [inner.path, inner.message]))
  }
}

describe('contact and newsletter schemas', () => {
  it('accepts a complete request, the phone being optional', async () => {
    expect(await errorsOf(valid)).toEqual({})
    expect(await errorsOf({ ...valid, phone: '' })).toEqual({})
    expect(await errorsOf({ ...valid, phone: '02.40.12.34.56' })).toEqual({})
  })

  it('explains every problem in French', async () => {
    expect(await errorsOf({})).toMatchObject({
      firstName: 'Indiquez votre prénom.',
      name: 'Indiquez votre nom.',
      email: 'Indiquez votre adresse e-mail.',
      company: 'Indiquez le nom de votre entreprise.',
      object: "Indiquez l'objet de votre demande.",
      message: 'Écrivez votre message.',
    })
    expect(await errorsOf({ ...valid, email: 'camille@', phone: 'abc', message: 'Trop court' })).toEqual({
      email: 'Cette adresse e-mail ne semble pas valide (exemple : prenom@entreprise.fr).',
      phone: 'Ce numéro de téléphone ne semble pas valide (exemple : 06 12 34 56 78 ou +33 6 12 34 56 78).',
      message: 'Votre message doit faire au moins 20 caractères pour que nous puissions vous aider.',
    })
    expect(await errorsOf({ ...valid, firstName: 'x'.repeat(81) })).toHaveProperty('firstName')
  })

  it('checks the newsletter address as the HTML standard does (what type=email accepts)', () => {
    for (const email of ['lecteur@exemple.fr', 'prenom.nom+jeux@sous.exemple.fr', 'lecteur@intranet']) expect(newsletterSchema.isValidSync({ email }), email).toBe(true)
    for (const email of ['lecteur@', 'lecteur@exemple..fr', 'lecteur @exemple.fr', 'lecteur@-exemple.fr', '"lecteur"@exemple.fr', 'lec\nteur@exemple.fr']) {
      expect(newsletterSchema.isValidSync({ email }), email).toBe(false)
    }
    expect(newsletterSchema.isValidSync({})).toBe(false)
  })

  it('refuses control characters everywhere but line breaks in the message, and < > in names', async () => {
    const invisible = 'Ce champ contient des caractères invisibles : retapez-le sans copier-coller.'
    const brackets = 'Les caractères < et > ne sont pas acceptés ici.'
    expect(await errorsOf({ ...valid, object: 'Devis\r\nBcc: x@y.fr', firstName: 'Ca\u200bmille\u0007' })).toEqual({ object: invisible, firstName: invisible })
    expect(await errorsOf({ ...valid, message: 'Bonjour,\n\tnous voudrions un jeu pour Noël.\r\nMerci' })).toEqual({})
    expect(await errorsOf({ ...valid, message: 'Bonjour, nous voudrions un jeu\u0000 pour Noël.' })).toEqual({ message: invisible })
    expect(await errorsOf({ ...valid, firstName: '<b>Camille</b>', name: 'Martin>', company: '<script>' })).toEqual({ firstName: brackets, name: brackets, company: brackets })
    expect(await errorsOf({ ...valid, object: 'Offre < 500 €', message: 'Budget > 1000 € pour un jeu de Noël en magasin.' })).toEqual({})
  })
})
