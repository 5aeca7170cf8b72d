import { describe, expect, it } from 'vitest'
import { expectNoAxeViolations, useBrowser, waitForApp } from './support/browser'
import { generate, holdGenerations, openGenerator, openTab, seedExperiences, shownTitles, STORAGE_KEY, storedTitles } from './ai-generator-helpers'

const browser = useBrowser()
const LEMOINE = 'Le quiz de Noël : Boulangerie Lemoine vous défie'
const SAINT_ROCH = 'Le quiz de Noël : Cave Saint-Roch vous défie'
const FULL = /Le stockage de votre navigateur est plein/

describe('AI experiences in localStorage are never lost', () => {
  it('(a) 200 stored experiences and a generation submitted at once: 201 after it', async () => {
    const { page, errors, context } = await openGenerator(browser(), { seeded: 200 })
    const generation = await holdGenerations(page)
    await generate(page, 'Boulangerie Lemoine')
    await generation.release()
    await page.getByRole('heading', { name: LEMOINE }).first().waitFor()
    expect(await storedTitles(page)).toHaveLength(201)
    expect(await page.getByText('20 expériences affichées sur 201, les plus récentes d’abord.').count()).toBe(1)
    expect(errors).toEqual([])
    await context.close()
  })

  it('(a) 200 experiences saved after the page read its empty list, during a generation: 201 after it', async () => {
    const { page, errors, context } = await openGenerator(browser())
    await page.getByText(/Aucune expérience pour l’instant/).waitFor()
    const generation = await holdGenerations(page)
    await generate(page, 'Boulangerie Lemoine')
    // Saved elsewhere (another tab restoring a backup, say) while this page waits for the model.
    const other = await openTab(context)
    await seedExperiences(other, 200)
    await generation.release()
    await page.getByRole('heading', { name: LEMOINE }).first().waitFor()
    expect(await storedTitles(page)).toHaveLength(201)
    await page.getByText('20 expériences affichées sur 201, les plus récentes d’abord.').waitFor()
    expect(errors).toEqual([])
    await context.close()
  })

  it('(b) an experience deleted during a running generation stays deleted', async () => {
    const { page, errors, context } = await openGenerator(browser(), { seeded: 3 })
    const generation = await holdGenerations(page)
    await generate(page, 'Boulangerie Lemoine')
    const doomed = page.getByRole('listitem').filter({ hasText: 'Sondage enregistré n° 1' })
    await doomed.getByRole('button', { name: 'Supprimer' }).click()
    await expect.poll(() => doomed.count()).toBe(0)
    await generation.release()
    await page.getByRole('heading', { name: LEMOINE }).first().waitFor()
    const expected = [LEMOINE, 'Sondage enregistré n° 0', 'Sondage enregistré n° 2']
    expect(await storedTitles(page)).toEqual(expected)
    expect(await shownTitles(page)).toEqual(expected)
    await page.reload()
    await waitForApp(page)
    await page.getByRole('heading', { name: LEMOINE }).first().waitFor()
    expect(await shownTitles(page)).toEqual(expected)
    expect(errors).toEqual([])
    await context.close()
  })

  it('(c) two tabs each generating and deleting end with the same, complete list, without a reload', async () => {
    const { page: first, errors, context } = await openGenerator(browser(), { seeded: 2 })
    const second = await openTab(context)
    const secondErrors: string[] = []
    second.on('pageerror', (error) => secondErrors.push(error.message))
    const firstGeneration = await holdGenerations(first)
    const secondGeneration = await holdGenerations(second)
    await generate(first, 'Boulangerie Lemoine')
    await generate(second, 'Cave Saint-Roch')

    await firstGeneration.release()
    await first.getByRole('heading', { name: LEMOINE }).first().waitFor()
    await second.getByRole('heading', { name: LEMOINE }).first().waitFor()
    await secondGeneration.release()
    await second.getByRole('heading', { name: SAINT_ROCH }).first().waitFor()
    await first.getByRole('heading', { name: SAINT_ROCH }).first().waitFor()

    await first.getByRole('listitem').filter({ hasText: 'Sondage enregistré n° 0' }).getByRole('button', { name: 'Supprimer' }).click()
    await second.getByRole('listitem').filter({ hasText: 'Sondage enregistré n° 1' }).getByRole('button', { name: 'Supprimer' }).click()
    const expected = [SAINT_ROCH, LEMOINE]
    await expect.poll(() => shownTitles(first)).toEqual(expected)
    await expect.poll(() => shownTitles(second)).toEqual(expected)
    expect(await storedTitles(first)).toEqual(expected)

    // The first tab undoes its deletion: it comes back in both, and the other deletion holds.
    await first.getByRole('button', { name: 'Annuler la suppression' }).click()
    const restored = [SAINT_ROCH, LEMOINE, 'Sondage enregistré n° 0']
    await expect.poll(() => shownTitles(second)).toEqual(restored)
    expect(await shownTitles(first)).toEqual(restored)
    expect(await storedTitles(second)).toEqual(restored)
    expect([...errors, ...secondErrors]).toEqual([])
    await context.close()
  })

  it('(d) storage full mid-way: the new experience stays on screen with the French message, the earlier ones intact', async () => {
    const { page, errors, context } = await openGenerator(browser(), { seeded: 3 })
    const before = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)
    const generation = await holdGenerations(page)
    await generate(page, 'Boulangerie Lemoine')
    // The storage fills up while the model writes: nothing is left for the new experience.
    const fillers = await page.evaluate(() => {
      let size = 1 << 20
      let count = 0
      while (size >= 1) {
        try {
          localStorage.setItem(`e2e-filler-${count}`, 'x'.repeat(size))
          count++
        } catch {
          size = Math.floor(size / 2)
        }
      }
      return count
    })
    await generation.release()
    const item = page.getByRole('listitem').filter({ hasText: LEMOINE })
    await item.getByText(/Pas encore enregistrée dans ce navigateur/).waitFor()
    await page.getByRole('status').filter({ hasText: FULL }).waitFor()
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBe(before)
    expect(await shownTitles(page)).toEqual([LEMOINE, 'Sondage enregistré n° 0', 'Sondage enregistré n° 1', 'Sondage enregistré n° 2'])
    await expectNoAxeViolations(page, { include: ['.ai-generator'] })

    // Space is freed (here, by the test); the next change saves the waiting experience too.
    await page.evaluate((count) => {
      for (let index = 0; index < count; index++) localStorage.removeItem(`e2e-filler-${index}`)
    }, fillers)
    await page.getByRole('listitem').filter({ hasText: 'Sondage enregistré n° 2' }).getByRole('button', { name: 'Supprimer' }).click()
    await expect.poll(() => storedTitles(page)).toEqual([LEMOINE, 'Sondage enregistré n° 0', 'Sondage enregistré n° 1'])
    expect(await item.getByText(/Pas encore enregistrée/).count()).toBe(0)
    expect(await page.getByText(FULL).count()).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })

  it('(e) 500 stored experiences: a first page at once, the rest on demand by keyboard, and a generation keeps all', async () => {
    const { page, errors, context } = await openGenerator(browser(), { seeded: 500 })
    await page.getByRole('heading', { name: 'Sondage enregistré n° 0' }).first().waitFor()
    expect(await page.locator('.experience').count()).toBe(20)
    await page.getByText('20 expériences affichées sur 500, les plus récentes d’abord.').waitFor()

    const more = page.getByRole('button', { name: 'Afficher les 20 suivantes' })
    await more.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => page.locator('.experience').count()).toBe(40)
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Sondage enregistré n° 20')
    await page.getByText('40 expériences affichées sur 500, les plus récentes d’abord.').waitFor()

    await generate(page, 'Boulangerie Lemoine', { held: false })
    await page.getByRole('heading', { name: LEMOINE }).first().waitFor()
    expect(await storedTitles(page)).toHaveLength(501)
    expect(await page.locator('.experience').count()).toBe(40)
    expect(errors).toEqual([])
    await context.close()
  })
})
