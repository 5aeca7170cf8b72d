import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectNoAxeViolations, useBrowser, waitForApp } from './support/browser'
import { fillForm, holdGenerations, openGenerator as openGeneratorIn } from './ai-generator-helpers'

const browser = useBrowser()
const GENERIC_ERROR = 'Une erreur est survenue, veuillez réessayer.'
const openGenerator = (prepare?: (page: Page) => Promise<void>) => openGeneratorIn(browser(), { prepare })

describe('AI experience generator', () => {
  it('asks for the required fields in French', async () => {
    const { page, errors, context } = await openGenerator()
    await page.getByRole('button', { name: 'Générer mon jeu' }).click()
    await page.getByText("Indiquez le nom de l'entreprise.").waitFor()
    await page.getByText("Décrivez l'activité de l'entreprise.").waitFor()
    await expectNoAxeViolations(page, { include: ['.ai-generator'] })
    expect(errors).toEqual([])
    await context.close()
  })

  it('generates through the API, stores, lists after reload, plays, deletes and undoes', async () => {
    const { page, errors, context } = await openGenerator()
    await fillForm(page)
    await page.getByRole('button', { name: 'Générer mon jeu' }).click()
    const item = page.getByRole('listitem').filter({ hasText: 'Le quiz de Noël : Boulangerie Lemoine vous défie' })
    await item.waitFor()
    expect(await item.innerText()).toMatch(/Boulangerie Lemoine · Quiz en français/)
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('ludora:ai-experiences:v1') ?? '[]') as unknown[])
    expect(stored).toHaveLength(1)
    await expectNoAxeViolations(page, { include: ['.ai-generator'] })

    // The preview opened by itself: play the five questions.
    for (let question = 1; question <= 5; question++) {
      await page.getByText(`Question ${question} sur 5`).waitFor()
      await page.locator('.player__answer').first().click()
      await page.locator('.player__verdict').waitFor()
      await page.getByRole('button', { name: question === 5 ? 'Voir le résultat' : 'Question suivante' }).click()
    }
    await page.getByRole('heading', { name: /Votre score : \d sur 5/ }).waitFor()

    await page.reload()
    await waitForApp(page)
    await item.waitFor()
    await item.getByRole('button', { name: 'Jouer' }).click()
    await page.getByText('Question 1 sur 5').waitFor()
    expect(await item.locator('form').getAttribute('action')).toBe('https://app.ludora.fr/import/ai-experience')

    await item.getByRole('button', { name: 'Supprimer' }).click()
    await expect.poll(() => item.count()).toBe(0)
    await page.getByRole('button', { name: 'Annuler la suppression' }).click()
    await item.waitFor()
    expect(await page.evaluate(() => (JSON.parse(localStorage.getItem('ludora:ai-experiences:v1') ?? '[]') as unknown[]).length)).toBe(1)
    expect(errors).toEqual([])
    await context.close()
  })

  it('writes a poll in English', async () => {
    const { page, context } = await openGenerator()
    await fillForm(page, 'Cave Saint-Roch')
    await page.getByLabel('Sondage (sans bonne réponse)').check()
    await page.getByLabel('Anglais').check()
    await page.getByRole('button', { name: 'Générer mon jeu' }).click()
    const item = page.getByRole('listitem').filter({ hasText: 'Christmas: Cave Saint-Roch wants your opinion' })
    await item.waitFor()
    expect(await item.innerText()).toContain('Sondage en anglais')
    // The game's text is read in English, the player around it in French.
    expect(await item.locator('.experience__title').getAttribute('lang')).toBe('en')
    expect(await item.locator('.player__question legend').getAttribute('lang')).toBe('en')
    expect(await item.locator('.player__answer span').first().getAttribute('lang')).toBe('en')
    expect(await item.locator('.player__step').evaluate((step) => step.closest('[lang]')?.getAttribute('lang'))).toBe('fr')
    await page.locator('.player__answer').first().click()
    await page.getByRole('figure').filter({ hasText: '1 vote' }).waitFor()
    await page.getByRole('button', { name: 'Question suivante' }).click()
    await page.getByText('Question 2 sur 5').waitFor()
    await context.close()
  })

  it('shows progress, can be cancelled and keeps the form', async () => {
    const { page, context } = await openGenerator()
    // Never released: the visitor cancels first.
    await holdGenerations(page)
    await fillForm(page)
    await page.getByRole('button', { name: 'Générer mon jeu' }).click()
    await page.getByRole('progressbar', { name: 'Génération en cours' }).waitFor()
    await page.getByText('Nous analysons votre activité…').waitFor()
    await expectNoAxeViolations(page, { include: ['.ai-generator'] })
    await page.getByRole('button', { name: 'Annuler la génération' }).click()
    await page.getByText(/Génération annulée/).waitFor()
    expect(await page.getByLabel("Nom de l'entreprise").inputValue()).toBe('Boulangerie Lemoine')
    await context.close()
  })

  it('refuses an answer that is not a valid experience and keeps the form', async () => {
    const { page, errors, context } = await openGenerator()
    await page.route('**/api/ai/generate', (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ title: 'Sans questions' }) }))
    await fillForm(page)
    await page.getByRole('button', { name: 'Générer mon jeu' }).click()
    await page.getByRole('alert').filter({ hasText: GENERIC_ERROR }).waitFor()
    expect(await page.getByLabel('Événement ou occasion').inputValue()).toBe('Noël')
    expect(await page.evaluate(() => localStorage.getItem('ludora:ai-experiences:v1'))).toBeNull()
    await expectNoAxeViolations(page, { include: ['.ai-generator'] })
    expect(errors).toEqual([])
    await context.close()
  })

  it('keeps unreadable stored data aside and says so', async () => {
    const { page, errors, context } = await openGenerator(async (target) => {
      await target.addInitScript(() => {
        if (!sessionStorage.getItem('seeded')) {
          localStorage.setItem('ludora:ai-experiences:v1', '{oups')
          sessionStorage.setItem('seeded', '1')
        }
      })
    })
    await page.getByText(/Certaines expériences enregistrées étaient illisibles/).waitFor()
    const backup = await page.evaluate(() => localStorage.getItem('ludora:ai-experiences:backup'))
    expect(backup).toContain('{oups')
    await page.getByRole('heading', { name: 'Vos expériences générées' }).waitFor()
    expect(errors).toEqual([])
    await context.close()
  })
})
