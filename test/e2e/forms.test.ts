import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { distDir, expectNoAxeViolations, gotoAndWait, openPage, useBrowser, waitForApp, withConsentDecided } from './support/browser'

const browser = useBrowser()
const NEWSLETTER_ERROR = "Une erreur est survenue lors de l'inscription à la newsletter, merci d'utiliser le formulaire de contact pour vous inscrire."
const CONTACT_ERROR = 'Une erreur est survenue lors de la demande de contact. Envoyez nous en email à contact@ludora.fr'

async function recorded(file: string): Promise<Record<string, string>[]> {
  const text = await readFile(path.join(path.dirname(distDir()), 'data', file), 'utf8').catch(() => '')
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, string>)
}

async function openContact() {
  const session = await openPage(browser())
  await withConsentDecided(session.context)
  await gotoAndWait(session.page, '/contact')
  await waitForApp(session.page)
  return session
}

async function fillContact(page: Page, email: string) {
  await page.getByLabel('Prénom').fill('Camille')
  await page.getByLabel(/^Nom/).fill('Martin')
  await page.getByLabel('E-mail professionnel').fill(email)
  await page.getByLabel('Téléphone').fill('06 12 34 56 78')
  await page.getByLabel('Entreprise').fill('Boulangerie du Marché')
  await page.getByLabel('Objet de votre demande').fill('Un jeu pour les 10 ans de la boutique')
  await page.getByLabel('Votre message').fill('Nous aimerions une roue de la fortune en magasin pour fêter nos dix ans en mars.')
}

/** `/contact` loaded anew in the test's page, for the next case of a test: half the CPU of a new test's session. */
async function reloadContact(page: Page): Promise<void> {
  await gotoAndWait(page, '/contact')
  await waitForApp(page)
}

describe('contact form', () => {
  // Each case starts from a newly loaded form. Four cases, three of them sending after the form's two-second
  // minimum fill time: 18 s on a busy two-core machine, so the default 60 s would not leave three times
  // that on a machine twice as slow.
  it('validates in French, ties errors to fields and focuses the first one; sends the request, records it and says a reply is coming; shows the seed’s error with a mailto link and keeps what was typed when the API fails, and fails cleanly when it cannot be reached at all', async () => {
    const { page, errors, context } = await openContact()
    await page.getByRole('button', { name: 'Envoyer ma demande' }).click()
    await page.getByText('Indiquez votre prénom.').waitFor()
    // Focus moves in an effect after the errors are painted.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('contact-firstName')
    const firstName = page.getByLabel('Prénom')
    expect(await firstName.getAttribute('aria-invalid')).toBe('true')
    expect(await firstName.getAttribute('aria-describedby')).toContain('contact-firstName-error')
    await page.getByLabel('E-mail professionnel').fill('pas-une-adresse')
    await page.getByLabel('Téléphone').fill('12')
    await page.getByLabel('Téléphone').blur()
    // The field's own message; the live region repeats the one of the field just left.
    await page.locator('.field-error', { hasText: 'Cette adresse e-mail ne semble pas valide (exemple : prenom@entreprise.fr).' }).waitFor()
    await page.locator('.field-error', { hasText: /Ce numéro de téléphone ne semble pas valide/ }).waitFor()
    await expectNoAxeViolations(page, { include: ['.contact-form'] })
    expect(errors).toEqual([])

    await reloadContact(page)
    await fillContact(page, 'camille.envoi@boulangerie-du-marche.fr')
    await page.getByRole('button', { name: 'Envoyer ma demande' }).click()
    await page.getByText(/Merci, votre message est bien parti/).waitFor({ timeout: 15_000 })
    // Delivery goes through the outbox: the log line follows the 201 by a moment.
    await expect
      .poll(async () => (await recorded('contact.ndjson')).find((line) => line.email === 'camille.envoi@boulangerie-du-marche.fr'), { timeout: 10_000 })
      .toMatchObject({ firstName: 'Camille', company: 'Boulangerie du Marché', phone: '06 12 34 56 78' })
    await expectNoAxeViolations(page, { include: ['.contact-form'] })
    expect(errors).toEqual([])

    await reloadContact(page)
    await page.route('**/api/contact', (route) => route.fulfill({ status: 500, body: '{}' }))
    await fillContact(page, 'camille@boulangerie-du-marche.fr')
    await page.getByRole('button', { name: 'Envoyer ma demande' }).click()
    // The answer takes the focus, which is how it is read (docs/decisions/029-form-errors-and-focus.md).
    const alert = page.locator('.contact-form :focus').filter({ hasText: 'Une erreur est survenue' })
    await alert.waitFor({ timeout: 15_000 })
    expect(await alert.innerText()).toBe(CONTACT_ERROR)
    expect(await alert.getByRole('link').getAttribute('href')).toBe('mailto:contact@ludora.fr')
    expect(await page.getByLabel('Votre message').inputValue()).toContain('roue de la fortune')
    expect(await page.getByLabel('E-mail professionnel').inputValue()).toBe('camille@boulangerie-du-marche.fr')
    await expectNoAxeViolations(page, { include: ['.contact-form'] })
    await page.unroute('**/api/contact')

    await reloadContact(page)
    await page.route('**/api/contact', (route) => route.abort())
    await fillContact(page, 'camille@boulangerie-du-marche.fr')
    await page.getByRole('button', { name: 'Envoyer ma demande' }).click()
    await page.locator('.contact-form :focus').filter({ hasText: 'Une erreur est survenue' }).waitFor({ timeout: 15_000 })
    expect(await page.getByLabel('Prénom').inputValue()).toBe('Camille')
    await context.close()
  }, 120_000)
})

describe('newsletter', () => {
  // Each case starts from a newly loaded form.
  it('validates, registers the address and records it; shows the seed’s error and keeps the address when the API is down', async () => {
    const { page, errors, context } = await openContact()
    const footer = page.getByRole('contentinfo')
    const email = footer.getByLabel('Votre adresse e-mail')
    await email.fill('pas-valide')
    await email.blur()
    await footer.getByText('Cette adresse e-mail ne semble pas valide (exemple : prenom@entreprise.fr).').waitFor()
    await email.fill('lecteur@exemple.fr')
    await footer.getByRole('button', { name: "S'inscrire" }).click()
    await footer.getByText(/Votre inscription est enregistrée/).waitFor({ timeout: 15_000 })
    await expect.poll(async () => (await recorded('newsletter.ndjson')).some((line) => line.email === 'lecteur@exemple.fr'), { timeout: 10_000 }).toBe(true)
    expect(errors).toEqual([])

    await reloadContact(page)
    await page.route('**/api/newsletter', (route) => route.fulfill({ status: 503, body: '' }))
    await footer.getByLabel('Votre adresse e-mail').fill('lecteur@exemple.fr')
    await footer.getByRole('button', { name: "S'inscrire" }).click()
    const alert = footer.getByRole('alert').filter({ hasText: 'Une erreur' })
    await alert.waitFor({ timeout: 15_000 })
    expect(await alert.innerText()).toBe(NEWSLETTER_ERROR)
    expect(await footer.getByLabel('Votre adresse e-mail').inputValue()).toBe('lecteur@exemple.fr')
    await expectNoAxeViolations(page, { include: ['.site-footer'] })
    await context.close()
  })
})
