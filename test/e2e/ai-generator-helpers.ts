import type { Browser, Page, Route } from 'playwright-core'
import { expect } from 'vitest'
import { gotoAndWait, openPage, waitForApp, withConsentDecided, type PageSession, type SessionContext } from './support/browser'

export const STORAGE_KEY = 'ludora:ai-experiences:v1'

/**
 * The generator page in a fresh context, for a visitor who already decided on cookies; with `seeded`, that
 * many stored experiences (`storedPoll`) are in the browser before the page first reads them.
 */
export async function openGenerator(
  browser: Browser,
  { path = '/ai/request', prepare, seeded = 0 }: { path?: string; prepare?: (page: Page) => Promise<void>; seeded?: number } = {},
): Promise<PageSession> {
  const session = await openPage(browser)
  await withConsentDecided(session.context)
  if (prepare) await prepare(session.page)
  if (seeded) await seedBeforeFirstLoad(session.page, seeded)
  await gotoAndWait(session.page, path)
  await waitForApp(session.page)
  return session
}

/** Another tab of the same browser: same storage, its own page. */
export async function openTab(context: SessionContext, path = '/ai/request'): Promise<Page> {
  const page = await context.newPage()
  await gotoAndWait(page, path)
  await waitForApp(page)
  return page
}

export async function fillForm(page: Page, company = 'Boulangerie Lemoine') {
  await page.getByLabel("Nom de l'entreprise").fill(company)
  await page.getByLabel('Activité').fill('boulangerie artisanale à Nantes')
  await page.getByLabel('Événement ou occasion').fill('Noël')
  await page.getByLabel('Informations complémentaires').fill('Notre bûche praliné revient cette année. Elle est faite maison.')
}

/** A valid stored poll, dated `index` hours before the first of November 2026 (so newer ones list first). */
export function storedPoll(index: number) {
  return {
    id: `seed-${String(index).padStart(4, '0')}`,
    createdAt: new Date(Date.UTC(2026, 10, 1) - index * 3_600_000).toISOString(),
    request: { companyName: 'Cave Saint-Roch', companyActivity: 'caviste', event: 'les vendanges', additionalInformation: '', gameType: 1, gameLanguage: 'fr', llmModel: 'fast' },
    experience: {
      kind: 'poll',
      language: 'fr',
      title: `Sondage enregistré n° ${index}`,
      introduction: 'Trois questions sur vos goûts.',
      questions: ['Rouge ou blanc ?', 'Bouteille ou magnum ?', 'Apéritif ou dîner ?'].map((question) => ({ question, answers: question.replace(' ?', '').split(' ou ') })),
      closingMessage: 'Merci pour vos réponses.',
    },
  }
}

/**
 * Stores `count` experiences as the tab's first page of the site starts, before its scripts: the same
 * browser as seeding then reloading, for one load less. Once per tab, so a reload finds what the page left.
 */
async function seedBeforeFirstLoad(page: Page, count: number): Promise<void> {
  const records = Array.from({ length: count }, (_, index) => storedPoll(index))
  await page.addInitScript(
    ([key, value]) => {
      if (location.protocol !== 'http:' || sessionStorage.getItem('e2e-seeded')) return
      localStorage.setItem(key, value)
      sessionStorage.setItem('e2e-seeded', 'yes')
    },
    [STORAGE_KEY, JSON.stringify(records)] as const,
  )
}

export async function seedExperiences(page: Page, count: number, from = 0): Promise<void> {
  const records = Array.from({ length: count }, (_, index) => storedPoll(from + index))
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEY, JSON.stringify(records)] as const)
}

export async function storedTitles(page: Page): Promise<string[]> {
  return page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? '[]') as { experience: { title: string } }[]).map((record) => record.experience.title), STORAGE_KEY)
}

export async function shownTitles(page: Page): Promise<string[]> {
  return page.locator('.experience-list .experience__title').allInnerTexts()
}

/**
 * Holds every generation request of `page` until the test releases it (in order), then lets it reach the
 * local API. No sleeps: the test decides when the answer comes.
 */
export async function holdGenerations(page: Page): Promise<{ release: () => Promise<void> }> {
  const held: Route[] = []
  await page.route('**/api/ai/generate', (route) => {
    held.push(route)
  })
  return {
    async release() {
      await expect.poll(() => held.length).toBeGreaterThan(0)
      await held.shift()!.continue()
    },
  }
}

/** Fills the form and submits it; with the generation held, waits until its progress shows. */
export async function generate(page: Page, company: string, { held = true } = {}): Promise<void> {
  await fillForm(page, company)
  await page.getByRole('button', { name: 'Générer mon jeu' }).click()
  if (held) await page.getByRole('progressbar', { name: 'Génération en cours' }).waitFor()
}
