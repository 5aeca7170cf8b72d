import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectNoAxeViolations, useBrowser } from './support/browser'
import { fillForm, generate, openGenerator } from './ai-generator-helpers'

const browser = useBrowser()
const GENERIC_ERROR = 'Une erreur est survenue, veuillez réessayer.'

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '')
const liveText = (page: Page) => page.locator('.player__feedback[role="status"]').innerText()

describe('The player', () => {
  it('plays a quiz by keyboard: progress, the answer revealed with its explanation, focus moved along, the score focused', async () => {
    const { page, errors, context } = await openGenerator(browser())
    await generate(page, 'Boulangerie Lemoine', { held: false })
    const player = page.locator('.player')
    await player.getByText('Question 1 sur 5').waitFor()
    expect(await player.getByRole('progressbar', { name: 'Progression dans le jeu' }).getAttribute('value')).toBe('0')

    let correct = 0
    for (let question = 1; question <= 5; question++) {
      await player.getByText(`Question ${question} sur 5`).waitFor()
      const answers = player.locator('.player__answer')
      // Alternately the first and the last answer, by keyboard only.
      await answers.nth(question % 2 ? 0 : (await answers.count()) - 1).focus()
      await page.keyboard.press('Enter')
      await expect.poll(() => focusedText(page)).toBe(question === 5 ? 'Voir le résultat' : 'Question suivante')
      const verdict = await liveText(page)
      expect(verdict).toMatch(/^(Bonne réponse !|Raté : la bonne réponse était « .+ »\.)\n/)
      if (verdict.startsWith('Bonne')) correct++
      expect(await player.locator('.player__feedback .player__text').innerText()).not.toBe('')
      expect(await player.getByRole('progressbar').getAttribute('value')).toBe(String(question))
      if (question === 1) await expectNoAxeViolations(page, { include: ['.ai-generator'] })
      await page.keyboard.press('Enter')
      if (question < 5) await expect.poll(() => focusedText(page)).not.toBe('Question suivante')
    }
    await player.getByRole('heading', { name: `Votre score : ${correct} sur 5` }).waitFor()
    // Focus reads the score; the step region says the game is over.
    expect(await focusedText(page)).toBe(`Votre score : ${correct} sur 5`)
    expect(await player.locator('.player__step[role="status"]').innerText()).toBe('Les 5 questions sont jouées')
    await expectNoAxeViolations(page, { include: ['.ai-generator'] })
    expect(errors).toEqual([])
    await context.close()
  })

  it('shows a poll’s results after the vote as a bar chart with the figures in text', async () => {
    const { page, errors, context } = await openGenerator(browser())
    await fillForm(page, 'Cave Saint-Roch')
    await page.getByLabel('Sondage (sans bonne réponse)').check()
    await page.getByRole('button', { name: 'Générer mon jeu' }).click()
    const player = page.locator('.player')
    await player.getByText('Question 1 sur 5').waitFor()
    await player.locator('.player__answer').first().click()
    const chart = player.getByRole('figure')
    await chart.getByText('Votes donnés dans cet aperçu, sur ce navigateur : 1 vote').waitFor()
    const rows = await chart.getByRole('listitem').allInnerTexts()
    expect(rows[0]).toMatch(/\(votre vote\)\s*1 vote \(100 %\)/)
    expect(rows.slice(1).every((row) => /0 vote \(0 %\)/.test(row))).toBe(true)
    await chart.getByText(/Ce ne sont pas les réponses de vos participants/).waitFor()
    await expectNoAxeViolations(page, { include: ['.ai-generator'] })

    // Played again in this browser: the votes add up.
    for (let question = 1; question <= 5; question++) {
      if (question > 1) await player.locator('.player__answer').first().click()
      await player.getByRole('button', { name: question === 5 ? 'Voir le résultat' : 'Question suivante' }).click()
    }
    await player.getByRole('heading', { name: 'Merci pour votre participation !' }).waitFor()
    await player.getByRole('button', { name: 'Rejouer' }).click()
    await player.locator('.player__answer').nth(1).click()
    await chart.getByText('Votes donnés dans cet aperçu, sur ce navigateur : 2 votes').waitFor()
    expect(await chart.getByRole('listitem').nth(0).innerText()).toMatch(/1 vote \(50 %\)/)
    expect(errors).toEqual([])
    await context.close()
  })

  it('shows generated text as plain text', async () => {
    const hostile = '<img src=x onerror=alert(1)> **gras** [lien](https://example.com)'
    const { page, errors, context } = await openGenerator(browser())
    await page.route('**/api/ai/generate', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          kind: 'quiz',
          language: 'fr',
          title: `Quiz ${hostile}`,
          introduction: hostile,
          questions: [1, 2, 3].map(() => ({ question: hostile, answers: [hostile, 'Non'], correctAnswer: 0, explanation: hostile })),
          closingMessage: hostile,
        }),
      }),
    )
    await generate(page, 'Boulangerie Lemoine', { held: false })
    const player = page.locator('.player')
    await player.getByRole('heading', { name: `Quiz ${hostile}` }).waitFor()
    await player.locator('.player__answer').first().click()
    await player.locator('.player__feedback').getByText(hostile).waitFor()
    expect(await page.locator('.ai-generator img, .ai-generator strong, .player a').count()).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('Generation errors', () => {
  it.each([
    [429, '30', 'Vous avez demandé beaucoup de jeux en peu de temps. Réessayez dans 30 secondes : votre formulaire est intact.'],
    [503, '120', 'Le modèle d’IA est très sollicité en ce moment. Réessayez dans 2 minutes : votre formulaire est intact.'],
    [503, '1', 'Le modèle d’IA est très sollicité en ce moment. Réessayez dans 1 seconde : votre formulaire est intact.'],
    [500, null, GENERIC_ERROR],
  ])('answers a %i (Retry-After %s) in French and keeps the form', async (status, retryAfter, message) => {
    const { page, errors, context } = await openGenerator(browser())
    await page.route('**/api/ai/generate', (route) =>
      route.fulfill({ status, contentType: 'application/json', headers: retryAfter ? { 'retry-after': retryAfter } : {}, body: JSON.stringify({ error: 'x' }) }),
    )
    await fillForm(page)
    await page.getByRole('button', { name: 'Générer mon jeu' }).click()
    await page.getByRole('alert').filter({ hasText: message }).waitFor()
    expect(await page.getByLabel("Nom de l'entreprise").inputValue()).toBe('Boulangerie Lemoine')
    expect(await page.getByLabel('Informations complémentaires').inputValue()).toMatch(/bûche praliné/)
    // The failed request's status is logged by the browser; nothing else may be.
    expect(errors.filter((error) => !error.includes(`status of ${status}`))).toEqual([])
    await context.close()
  })
})
