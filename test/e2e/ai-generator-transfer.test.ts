import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { baseURL, expectNoAxeViolations, useBrowser } from './support/browser'
import { generate, openGenerator, shownTitles, storedTitles } from './ai-generator-helpers'

const browser = useBrowser()
const LEMOINE = 'Le quiz de Noël : Boulangerie Lemoine vous défie'

async function importFile(page: Page, name: string, content: string) {
  await page.getByLabel('Importer une expérience (fichier JSON)').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(content) })
}

async function shareLinkOf(page: Page, title: string): Promise<string> {
  const item = page.getByRole('listitem').filter({ hasText: title })
  await item.getByRole('button', { name: 'Partager un aperçu' }).click()
  const link = item.getByLabel('Lien d’aperçu à envoyer')
  await expect.poll(() => link.inputValue()).toMatch(/#apercu=/)
  return link.inputValue()
}

describe('Export and import', () => {
  it('exports one experience as a versioned JSON file, imports it back elsewhere, never twice, and refuses a bad file', async () => {
    const { page, errors, context } = await openGenerator(browser())
    await generate(page, 'Boulangerie Lemoine', { held: false })
    const item = page.getByRole('listitem').filter({ hasText: LEMOINE })
    const [download] = await Promise.all([page.waitForEvent('download'), item.getByRole('button', { name: 'Exporter (JSON)' }).click()])
    expect(download.suggestedFilename()).toBe('ludora-le-quiz-de-noel-boulangerie-lemoine-vous-defie.json')
    // The browser runs as a server the tests connect to: the file is fetched through saveAs, not read in place.
    const folder = await mkdtemp(path.join(os.tmpdir(), 'ludora-export-'))
    await download.saveAs(path.join(folder, download.suggestedFilename()))
    const content = await readFile(path.join(folder, download.suggestedFilename()), 'utf8')
    await rm(folder, { recursive: true, force: true })
    const envelope = JSON.parse(content) as { format: string; version: number; record: { id: string; experience: { title: string } } }
    expect(envelope).toMatchObject({ format: 'ludora-ai-experience', version: 1, record: { experience: { title: LEMOINE } } })

    // Another browser (another device): empty list, then the import.
    const elsewhere = await openGenerator(browser())
    await importFile(elsewhere.page, 'jeu.json', content)
    await elsewhere.page.getByText(`L’expérience « ${LEMOINE} » a été importée.`).waitFor()
    expect(await storedTitles(elsewhere.page)).toEqual([LEMOINE])
    await elsewhere.page.locator('.player').getByText('Question 1 sur 5').waitFor()

    await importFile(elsewhere.page, 'jeu.json', content)
    await elsewhere.page.getByText(`L’expérience « ${LEMOINE} » est déjà dans votre liste : rien n’a été remplacé.`).waitFor()
    const changed = JSON.stringify({ ...envelope, record: { ...envelope.record, experience: { ...envelope.record.experience, title: 'Autre titre' } } })
    await importFile(elsewhere.page, 'jeu-modifie.json', changed)
    await elsewhere.page.getByText(/« Autre titre » est déjà dans votre liste/).waitFor()
    expect(await storedTitles(elsewhere.page)).toEqual([LEMOINE])

    await importFile(elsewhere.page, 'notes.json', 'pas du JSON')
    await elsewhere.page.getByText('Ce fichier n’est pas un fichier JSON lisible : rien n’a été importé.').waitFor()
    await importFile(elsewhere.page, 'vide.json', JSON.stringify({ ...envelope, record: { ...envelope.record, experience: { title: 'Sans questions' } } }))
    await elsewhere.page.getByText(/ne contient pas une expérience Ludora valide/).waitFor()
    expect(await storedTitles(elsewhere.page)).toEqual([LEMOINE])
    await expectNoAxeViolations(elsewhere.page, { include: ['.ai-generator'] })
    expect([...errors, ...elsewhere.errors]).toEqual([])
    await elsewhere.context.close()
    await context.close()
  })
})

describe('Preview link', () => {
  it('opens the shared experience in another browser, plays it, saves it on request', async () => {
    const { page, errors, context } = await openGenerator(browser())
    await generate(page, 'Boulangerie Lemoine', { held: false })
    const link = await shareLinkOf(page, LEMOINE)
    expect(link.startsWith(`${baseURL()}/ai/request#apercu=1.`)).toBe(true)
    await page.getByText(/ne passe par aucun serveur/).waitFor()

    const visitor = await openGenerator(browser(), { path: link.slice(baseURL().length) })
    const shared = visitor.page.locator('.shared-preview')
    await shared.getByRole('heading', { name: 'Aperçu d’un jeu partagé' }).waitFor()
    await shared.getByRole('heading', { name: LEMOINE }).first().waitFor()
    await shared.locator('.player__answer').first().click()
    await shared.locator('.player__verdict').waitFor()
    expect(await storedTitles(visitor.page)).toEqual([])
    await expectNoAxeViolations(visitor.page, { include: ['.ai-generator'] })

    await shared.getByRole('button', { name: 'Ajouter à mes expériences' }).click()
    await shared.getByText('Ce jeu est dans vos expériences, plus bas sur cette page.').waitFor()
    expect(await storedTitles(visitor.page)).toEqual([LEMOINE])
    expect(await shownTitles(visitor.page)).toEqual([LEMOINE])
    const stored = await visitor.page.evaluate(() => JSON.parse(localStorage.getItem('ludora:ai-experiences:v1')!) as { request: { additionalInformation: string } }[])
    expect(stored[0]!.request.additionalInformation).toBe('')

    await shared.getByRole('button', { name: 'Fermer l’aperçu partagé' }).click()
    await expect.poll(() => shared.count()).toBe(0)
    expect(new URL(visitor.page.url()).hash).toBe('')
    expect([...errors, ...visitor.errors]).toEqual([])
    await visitor.context.close()
    await context.close()
  })

  it.each([
    ['altered', (fragment: string) => fragment.slice(0, 60) + (fragment[60] === 'A' ? 'B' : 'A') + fragment.slice(61), /incomplet ou a été modifié/],
    ['cut short', (fragment: string) => fragment.slice(0, Math.floor(fragment.length / 2)), /incomplet ou a été modifié/],
    ['too large', () => `#apercu=1.${'A'.repeat(20_000)}.AAAAAAAAAAAAAAAA`, /trop long pour être ouvert/],
  ])('refuses a link %s with a French message, and the page keeps working', async (_label, spoil, message) => {
    const { page, context } = await openGenerator(browser())
    await generate(page, 'Boulangerie Lemoine', { held: false })
    const link = await shareLinkOf(page, LEMOINE)
    const fragment = link.slice(link.indexOf('#'))
    await context.close()

    const visitor = await openGenerator(browser(), { path: `/ai/request${spoil(fragment)}` })
    await visitor.page.getByRole('alert').filter({ hasText: message }).waitFor()
    await visitor.page.getByRole('button', { name: 'Fermer l’aperçu partagé' }).click()
    await generate(visitor.page, 'Cave Saint-Roch', { held: false })
    await visitor.page.getByRole('heading', { name: 'Le quiz de Noël : Cave Saint-Roch vous défie' }).first().waitFor()
    expect(visitor.errors).toEqual([])
    await visitor.context.close()
  })
})
