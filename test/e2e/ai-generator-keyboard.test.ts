import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectNoAxeViolations, useBrowser } from './support/browser'
import { holdGenerations, openGenerator } from './ai-generator-helpers'
import { tabTo, withText } from './support/tab-to'

const browser = useBrowser()
const QUIZ_TITLE = 'Boulangerie Lemoine : le grand quiz de Noël'

/**
 * What is focused (tag, text, id, aria-invalid), and whether it is on screen and uncovered: the middle of its
 * box is in the viewport and hit-tests to it.
 */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement
    const box = active?.getBoundingClientRect()
    const hit = box ? document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2) : null
    const inView = Boolean(active && active !== document.body && hit && active.contains(hit))
    return { tag: active?.tagName.toLowerCase() ?? '', text: (active?.textContent ?? '').trim(), id: active?.id ?? '', invalid: active?.getAttribute('aria-invalid') ?? null, inView }
  })
const runLive = (page: Page) => page.locator('.ai-generator__form [role="status"]').textContent()
const listLive = (page: Page) => page.locator('.ai-generator__deleted [role="status"]').textContent()
const stepLive = (page: Page) => page.locator('.player__step[role="status"]').textContent()
const feedbackLive = (page: Page) => page.locator('.player__feedback[role="status"]').innerText()

/** Records every live region of the generator added with its text already in it (screen readers often skip those). */
async function watchFilledRegions(page: Page) {
  await page.addInitScript(() => {
    const found: string[] = []
    Object.assign(window, { filledRegions: found })
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue
          const regions = [node, ...node.querySelectorAll('*')].filter((element) => element.matches('[role="status"], [role="alert"], [aria-live]'))
          for (const region of regions) if (region.closest('.ai-generator') && region.textContent?.trim()) found.push(region.outerHTML)
        }
    }).observe(document, { childList: true, subtree: true })
  })
}
/**
 * Regions inserted with text, but for the player's step, which opens on "Question 1 sur N": that is where
 * the game starts, not a change to say; each later step is a change of that same region (decision 028).
 */
const filledRegions = async (page: Page) =>
  (await page.evaluate(() => (window as unknown as { filledRegions: string[] }).filledRegions)).filter((region) => !/^<p class="player__step" role="status">Question 1 sur \d<\/p>$/.test(region))

/** The generator with `count` stored polls, watched for filled regions. */
const openSeeded = (count: number) => openGenerator(browser(), { prepare: watchFilledRegions, seeded: count })

const trimmed = async (text: Promise<string | null>) => (await text)?.trim() ?? ''

const FORM_VALUES = ['Boulangerie Lemoine', 'boulangerie artisanale à Nantes', 'Noël', 'Notre bûche praliné revient cette année.']

/** Types the form's values as a visitor does, field after field by Tab; from the first field unless focus is already on a later one. */
async function typeForm(page: Page, { from = 0 } = {}) {
  if (from === 0) await page.getByLabel("Nom de l'entreprise").focus()
  for (const value of FORM_VALUES.slice(from)) {
    await page.keyboard.type(value)
    await page.keyboard.press('Tab')
  }
}

describe('The generator by keyboard and screen reader', () => {
  // A whole journey, form to final score: 22 s at most on one shared core.
  it.each([
    [1280, 900],
    [375, 812],
  ])('at %i px, keeps focus in view from the form to the final score and says each step once in live regions present from the start', async (width, height) => {
    const prepare = async (target: Page) => {
      await target.setViewportSize({ width, height })
      await watchFilledRegions(target)
    }
    const { page, errors, context } = await openGenerator(browser(), { prepare })
    expect(await trimmed(runLive(page))).toBe('')
    expect(await trimmed(listLive(page))).toBe('')
    const generation = await holdGenerations(page)
    await typeForm(page)
    await tabTo(page, withText, 'Générer mon jeu', { limit: 12 })
    await page.keyboard.press('Enter')

    // During the run the button stays, focused and inactive; the start is said.
    await expect.poll(() => trimmed(runLive(page))).toBe('Génération en cours…')
    await page.getByRole('progressbar', { name: 'Génération en cours' }).waitFor()
    expect(await focused(page)).toMatchObject({ inView: true, tag: 'button', text: 'Générer mon jeu' })
    expect(await page.getByRole('button', { name: 'Générer mon jeu' }).getAttribute('aria-disabled')).toBe('true')
    await expectNoAxeViolations(page, { include: ['.ai-generator'] })

    await generation.release()
    await expect.poll(() => trimmed(runLive(page))).toBe(`Votre jeu est prêt : ${QUIZ_TITLE}`)
    await expect.poll(() => focused(page)).toMatchObject({ inView: true, tag: 'h3', text: QUIZ_TITLE })
    expect(await page.evaluate(() => document.activeElement?.closest('.experience-list') !== null)).toBe(true)
    await expectNoAxeViolations(page, { include: ['.ai-generator'] })

    await expect.poll(() => trimmed(stepLive(page))).toBe('Question 1 sur 5')
    expect(await trimmed(feedbackLive(page))).toBe('')
    await tabTo(
      page,
      (active, notAnswers) => active.tagName === 'BUTTON' && !notAnswers.includes((active.textContent ?? '').trim()),
      ['Fermer l’aperçu', 'Récupérer dans mon compte', 'Exporter (JSON)', 'Partager un aperçu', 'Supprimer'],
      { limit: 12 },
    )

    for (let question = 1; question <= 5; question++) {
      expect((await focused(page)).tag).toBe('button')
      await page.keyboard.press('Enter')
      await expect.poll(() => focused(page)).toMatchObject({ inView: true, tag: 'button', text: question === 5 ? 'Voir le résultat' : 'Question suivante' })
      expect(await feedbackLive(page)).toMatch(/^(Bonne réponse !|Raté : la bonne réponse était « .+ »\.)\n+.+/)
      expect(await trimmed(stepLive(page))).toBe(`Question ${question} sur 5`)
      if (question === 1) await expectNoAxeViolations(page, { include: ['.ai-generator'] })
      await page.keyboard.press('Enter')
      if (question === 5) break
      await expect.poll(() => trimmed(stepLive(page))).toBe(`Question ${question + 1} sur 5`)
      expect(await trimmed(feedbackLive(page))).toBe('')
      const legend = await page.locator('.player__question legend').innerText()
      await expect.poll(() => focused(page)).toEqual({ tag: 'legend', text: legend, id: '', invalid: null, inView: true })
      // The next Tab reaches the new question's first answer, not the footer.
      await page.keyboard.press('Tab')
      expect((await focused(page)).text).toBe(await page.locator('.player__answer').first().innerText())
    }

    await expect.poll(() => focused(page)).toMatchObject({ inView: true, tag: 'h4', text: expect.stringMatching(/^Votre score : \d sur 5$/) })
    expect(await trimmed(stepLive(page))).toBe('Les 5 questions sont jouées')
    await expectNoAxeViolations(page, { include: ['.ai-generator'] })

    await page.keyboard.press('Tab')
    expect((await focused(page)).text).toBe('Rejouer')
    await page.keyboard.press('Enter')
    await expect.poll(() => trimmed(stepLive(page))).toBe('Question 1 sur 5')
    await expect.poll(async () => (await focused(page)).tag).toBe('legend')
    expect(await filledRegions(page)).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  }, 90_000)

  it('focuses the share link and says whether it was copied, and closing a shared preview focuses the form; moves focus to the votes after a poll answer, to the undo button after a delete and back to the item after undo', async () => {
    const { page, errors, context } = await openSeeded(3)
    const item = page.getByRole('listitem').filter({ hasText: 'Sondage enregistré n° 0' })
    await item.getByRole('button', { name: 'Partager un aperçu' }).focus()
    await page.keyboard.press('Enter')
    const link = item.getByLabel('Lien d’aperçu à envoyer')
    await expect.poll(() => link.evaluate((input) => input === document.activeElement)).toBe(true)
    expect(await trimmed(item.locator('[role="status"]').textContent())).toMatch(/^(Lien copié dans le presse-papiers\.|Copiez ce lien pour l’envoyer\.)$/)
    expect(await link.getAttribute('aria-describedby')).toBeTruthy()
    await expectNoAxeViolations(page, { include: ['.ai-generator'] })

    // The link pasted in this very tab: the preview opens above the form, then closes by keyboard.
    const url = await link.inputValue()
    await page.evaluate((hash) => (window.location.hash = hash), url.slice(url.indexOf('#')))
    const preview = page.locator('.shared-preview')
    await expect.poll(() => focused(page)).toMatchObject({ inView: true, tag: 'h2', text: 'Aperçu d’un jeu partagé' })
    await preview.getByRole('button', { name: 'Fermer l’aperçu partagé' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => focused(page)).toMatchObject({ inView: true, tag: 'h2', text: 'Décrivez votre jeu' })
    expect(await preview.count()).toBe(0)

    const second = page.getByRole('listitem').filter({ hasText: 'Sondage enregistré n° 1' })

    await second.getByRole('button', { name: 'Jouer' }).focus()
    await page.keyboard.press('Enter')
    await second.locator('.player__answer').first().waitFor()
    await tabTo(page, withText, 'Rouge', { limit: 12 })
    await page.keyboard.press('Enter')
    await expect.poll(() => focused(page)).toMatchObject({ inView: true, tag: 'figure', text: expect.stringContaining('1 vote (100 %)') })
    expect(await trimmed(feedbackLive(page))).toBe('Votre vote est compté.')
    await page.keyboard.press('Tab')
    expect((await focused(page)).text).toBe('Question suivante')
    await expectNoAxeViolations(page, { include: ['.ai-generator'] })

    await second.getByRole('button', { name: 'Supprimer' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => focused(page)).toMatchObject({ inView: true, tag: 'button', text: 'Annuler la suppression' })
    expect(await trimmed(listLive(page))).toBe('L’expérience « Sondage enregistré n° 1 » a été supprimée.')
    expect(await second.count()).toBe(0)
    await expectNoAxeViolations(page, { include: ['.ai-generator'] })

    await page.keyboard.press('Enter')
    await expect.poll(() => focused(page)).toMatchObject({ inView: true, tag: 'h3', text: 'Sondage enregistré n° 1' })
    expect(await trimmed(listLive(page))).toBe('L’expérience « Sondage enregistré n° 1 » est de retour dans votre liste.')
    expect(await page.evaluate(() => document.activeElement?.closest('[data-experience-id]')?.getAttribute('data-experience-id'))).toBe('seed-0001')

    // Deleted again: said again.
    await second.getByRole('button', { name: 'Supprimer' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => focused(page)).toMatchObject({ text: 'Annuler la suppression' })
    expect(await trimmed(listLive(page))).toBe('L’expérience « Sondage enregistré n° 1 » a été supprimée.')
    expect(await filledRegions(page)).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })

  it('shows no error for tabbing through, then focuses the first invalid field, described, after a submit; with the form filled in, keeps focus on the button when a generation fails or is cancelled, and says so', async () => {
    const { page, errors, context } = await openGenerator(browser())
    await page.getByLabel("Nom de l'entreprise").focus()
    await tabTo(page, withText, 'Générer mon jeu', { limit: 12 })
    expect(await page.locator('.ai-generator .field-error').count()).toBe(0)
    expect(await page.locator('.ai-generator [aria-invalid]').count()).toBe(0)

    await page.keyboard.press('Enter')
    await expect.poll(() => focused(page)).toMatchObject({ inView: true, tag: 'input', id: 'generator-companyName', invalid: 'true' })
    const description = await page.getByLabel("Nom de l'entreprise").evaluate((field) =>
      (field.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' '),
    )
    expect(description).toBe("Indiquez le nom de l'entreprise.")
    await expectNoAxeViolations(page, { include: ['.ai-generator'] })

    // Fixed, the first field lets go of its error; the next submit lands on the next field to fix.
    await page.keyboard.type('Boulangerie Lemoine')
    await tabTo(page, withText, 'Générer mon jeu', { limit: 12 })
    await page.keyboard.press('Enter')
    await expect.poll(() => focused(page)).toMatchObject({ id: 'generator-companyActivity', invalid: 'true' })
    expect(await page.getByLabel("Nom de l'entreprise").getAttribute('aria-invalid')).toBeNull()

    // One handler for both runs, so nothing is re-routed between them: the first is held until the visitor
    // cancels it, the second fails.
    let failing = false
    await page.route('**/api/ai/generate', (route) =>
      failing ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"x"}' }) : undefined,
    )
    // The rest of the form typed in from the field the submit focused: the same values as in the journeys.
    await typeForm(page, { from: 1 })
    await tabTo(page, withText, 'Générer mon jeu', { limit: 12 })
    await page.keyboard.press('Enter')
    await page.getByRole('progressbar', { name: 'Génération en cours' }).waitFor()
    await page.keyboard.press('Tab')
    expect((await focused(page)).text).toBe('Annuler la génération')
    await page.keyboard.press('Enter')
    await expect.poll(() => focused(page)).toMatchObject({ inView: true, tag: 'button', text: 'Générer mon jeu' })
    expect(await trimmed(runLive(page))).toMatch(/^Génération annulée/)
    expect(await page.getByRole('button', { name: 'Générer mon jeu' }).getAttribute('aria-disabled')).toBeNull()

    failing = true
    await page.keyboard.press('Enter')
    await page.getByRole('alert').filter({ hasText: 'Une erreur est survenue, veuillez réessayer.' }).waitFor()
    expect(await focused(page)).toMatchObject({ inView: true, tag: 'button', text: 'Générer mon jeu' })
    await expectNoAxeViolations(page, { include: ['.ai-generator'] })
    expect(errors.filter((error) => !error.includes('status of 500'))).toEqual([])
    await context.close()
  })
})
