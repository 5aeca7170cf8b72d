import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { builtPages } from '../../support/site-data'
import { pageIsWhole } from '../../support/page-is-whole'
import { waitInPage, withText, type EngineDriver, type EngineTimeouts } from './engine-driver'

/**
 * Three times or more what each took on this two-core machine, beside the rest of the e2e suite and other
 * sessions' tests (decision 035): starting an engine (Firefox: 9 s with the engines alone, about twice that
 * under contention), one wait in the page (a load, a navigation, an API answer: at most 2.5 s alone, the
 * newsletter's 2 s minimum fill time included), one journey (27 s: the 19 direct loads in WebKit; 43 s for Firefox's on one core shared with another file;
 * 49 and 51 s on the evening of 26 November, each run pinned to one core of a slower machine beside another).
 */
const TIMEOUTS = { startMs: 90_000, stepMs: 30_000, journeyMs: 180_000 }

const CONSENT_COOKIES = { ncc_c: 'necessarymatomocrispfunctional', ncc_e: 'necessary' }

/**
 * The visitor's journeys, run in one engine with one session (one profile) from the first visit on: the
 * consent choice comes first, as it does for a visitor, and the later journeys run with it made.
 */
export function describeJourneys(engine: string, start: (timeouts: EngineTimeouts) => Promise<EngineDriver>): void {
  describe(`${engine}: the journeys`, () => {
    let session: EngineDriver | undefined
    const driver = () => {
      if (!session) throw new Error(`${engine} did not start`)
      return session
    }
    const pages = builtPages()

    beforeAll(async () => {
      try {
        session = await start(TIMEOUTS)
      } catch (error) {
        throw new Error(`${engine} did not start: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
      }
    }, TIMEOUTS.startMs)

    afterAll(async () => {
      await session?.close()
    }, TIMEOUTS.startMs)

    /** The app has hydrated the page (src/app/app.tsx sets the flag), never a fixed delay, and the page is whole. */
    const waitForApp = async () => {
      await waitInPage(driver(), 'the app to hydrate', TIMEOUTS.stepMs, () => document.documentElement.dataset.appReady === 'true')
      await waitInPage(driver(), 'the blocks held back to show', TIMEOUTS.stepMs, pageIsWhole)
    }
    const waitForText = (text: string) => waitInPage(driver(), `“${text}”`, TIMEOUTS.stepMs, (wanted) => document.body.innerText.includes(wanted), text)
    const expectNoErrors = async () => expect(await driver().takeErrors(), `${driver().version}: script errors`).toEqual([])

    /** A journey (an `it`) whose every failure names the engine, whatever threw (an assertion, a driver, a timeout). */
    function journey(title: string, body: () => Promise<void>): void {
      it(
        title,
        async () => {
          try {
            await body()
          } catch (error) {
            if (error instanceof Error) {
              if (!error.message.includes(engine)) error.message = `${engine}: ${error.message}`
              // What the engine's processes were doing tells a hang from a slow step or a crash.
              error.message += ` [processes: ${await session?.processes().catch(() => 'unknown') ?? 'not started'}]`
            }
            throw error
          }
        },
        TIMEOUTS.journeyMs,
      )
    }

    async function openAndHydrate(route: string): Promise<void> {
      await driver().open(route)
      await waitForApp()
    }

    /** Follows the footer's link to `route` (every page links every route there) and waits for its page. */
    async function navigateTo(route: string): Promise<void> {
      const page = pages.find((built) => built.path === route)!
      await driver().click({ css: `footer a[href="${route}"]` })
      await waitInPage(
        driver(),
        `${route} after a client navigation`,
        TIMEOUTS.stepMs,
        (wanted, title) => location.pathname === wanted && document.title === title && (document.querySelector('main h1')?.textContent ?? '').length > 0,
        route,
        page.title,
      )
    }

    /** `navigateTo` unless the page is already there (a journey starts where the previous one ended). */
    async function goTo(route: string): Promise<void> {
      if ((await driver().evaluate(() => location.pathname)) !== route) await navigateTo(route)
    }

    /**
     * Types into a field, then waits until the field holds exactly what was typed: the next field is focused
     * only once the engine has handled every key of this one (a driver may answer before the page has), and a
     * key the page lost names its field.
     */
    async function fillField(css: string, text: string): Promise<void> {
      await driver().fill({ css }, text)
      const holds = (selector: string, wanted: string) => (document.querySelector(selector) as HTMLInputElement | null)?.value === wanted
      try {
        await waitInPage(driver(), `${css} to hold ${JSON.stringify(text)}`, TIMEOUTS.stepMs, holds, css, text)
      } catch (error) {
        const state = await driver().evaluate((selector: string) => ({ value: (document.querySelector(selector) as HTMLInputElement | null)?.value, focused: document.activeElement?.outerHTML.slice(0, 120) }), css)
        throw new Error(`${(error as Error).message}; it holds ${JSON.stringify(state.value)}, focus on ${state.focused}`)
      }
    }

    async function recorded(kind: string, email: string): Promise<Record<string, string> | undefined> {
      const text = await readFile(path.join(driver().dataDir, `${kind}.ndjson`), 'utf8').catch(() => '')
      return text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, string>)
        .find((line) => line.email === email)
    }

    async function waitForRecord(kind: string, email: string): Promise<Record<string, string>> {
      const deadline = Date.now() + TIMEOUTS.stepMs
      for (;;) {
        const line = await recorded(kind, email)
        if (line) return line
        if (Date.now() > deadline) throw new Error(`${driver().version}: the server recorded no ${kind} for ${email}`)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    }

    journey('asks for consent on a first visit and stores the choice saved in the settings dialog', async () => {
      await openAndHydrate('/')
      const banner = '//section[contains(@class, "consent-banner")]'
      await driver().click(withText('button', 'Gérer les cookies', banner))
      await waitInPage(driver(), 'the settings dialog, the rest of the page inert', TIMEOUTS.stepMs, () =>
        Boolean(document.querySelector('.consent-modal [role="dialog"]') && document.querySelector('main')?.closest('[inert]')),
      )
      const firstOptionalGroup = { css: '.consent-modal input[role="switch"]:not([disabled])' }
      await driver().click(firstOptionalGroup)
      await waitInPage(driver(), 'the unsaved-settings notice', TIMEOUTS.stepMs, () => document.querySelector('.consent-modal__unsaved')?.textContent === 'You have unsaved settings')
      await driver().click(firstOptionalGroup)
      await driver().click(withText('button', 'Enregistrer mes choix'))
      await waitInPage(driver(), 'the dialog and the banner to go', TIMEOUTS.stepMs, () => !document.querySelector('.consent-modal, .consent-banner'))
      const cookies = await driver().evaluate(() => document.cookie)
      expect(Object.fromEntries(cookies.split('; ').map((pair) => pair.split('='))), driver().version).toMatchObject(CONSENT_COOKIES)
      await openAndHydrate('/pricing')
      expect(await driver().evaluate(() => document.querySelector('.consent-banner') === null), `${driver().version}: banner after a reload`).toBe(true)
      await expectNoErrors()
    })

    journey(`loads each of the ${pages.length} routes directly and hydrates it`, async () => {
      for (const page of pages) {
        await openAndHydrate(page.path)
        const shown = await driver().evaluate(() => ({ title: document.title, heading: document.querySelector('main h1')?.textContent ?? '' }))
        expect(shown.title, `${driver().version}: ${page.path}`).toBe(page.title)
        expect(shown.heading.length, `${driver().version}: ${page.path}`).toBeGreaterThan(10)
      }
      await expectNoErrors()
    })

    journey('walks every route by client navigation, in one document', async () => {
      await openAndHydrate('/')
      await driver().evaluate(() => {
        Object.assign(window, { journeyDocument: true })
      })
      for (const page of pages.slice(1)) await navigateTo(page.path)
      await navigateTo('/')
      expect(await driver().evaluate(() => 'journeyDocument' in window), `${driver().version}: a link reloaded the page`).toBe(true)
      await expectNoErrors()
    })

    journey('signs up for the newsletter', async () => {
      const email = `newsletter.${engine.split(' ')[0]!.toLowerCase()}@exemple.fr`
      await goTo('/')
      await fillField('main form.newsletter input[name="email"]', email)
      await driver().click({ css: 'main form.newsletter button[type="submit"]' })
      await waitForText('Votre inscription est enregistrée')
      await waitForRecord('newsletter', email)
      await expectNoErrors()
    })

    journey('sends a contact request', async () => {
      const email = `contact.${engine.split(' ')[0]!.toLowerCase()}@boulangerie-du-marche.fr`
      await goTo('/contact')
      const fields: [string, string][] = [
        ['firstName', 'Camille'],
        ['name', 'Martin'],
        ['email', email],
        ['phone', '06 12 34 56 78'],
        ['company', 'Boulangerie du Marché'],
        ['object', 'Un jeu pour les 10 ans de la boutique'],
        ['message', 'Une roue de la fortune en magasin pour nos dix ans.'],
      ]
      for (const [name, value] of fields) await fillField(`#contact-${name}`, value)
      await driver().click(withText('button', 'Envoyer ma demande'))
      await waitForText('Merci, votre message est bien parti')
      expect(await waitForRecord('contact', email), driver().version).toMatchObject({ firstName: 'Camille', company: 'Boulangerie du Marché' })
      await expectNoErrors()
    })

    journey('generates a game, keeps it in the browser and plays it again after a reload', async () => {
      const company = 'Boulangerie Lemoine'
      await goTo('/ai/request')
      await fillField('.ai-generator__form [name="companyName"]', company)
      await fillField('.ai-generator__form [name="companyActivity"]', 'boulangerie artisanale à Nantes')
      await fillField('.ai-generator__form [name="event"]', 'Noël')
      await driver().click(withText('button', 'Générer mon jeu'))
      await waitInPage(driver(), 'the generated quiz in its player', TIMEOUTS.stepMs, () => document.querySelector('.player')?.textContent?.includes('Question 1 sur 5'))
      const stored = await driver().evaluate(() => JSON.parse(localStorage.getItem('ludora:ai-experiences:v1') ?? '[]') as { request: { companyName: string }; experience: { title: string } }[])
      expect(stored.map((record) => record.request.companyName), `${driver().version}: stored experiences`).toEqual([company])

      await openAndHydrate('/ai/request')
      const title = stored[0]!.experience.title
      await waitInPage(driver(), 'the stored game in the list', TIMEOUTS.stepMs, (wanted) => [...document.querySelectorAll('.experience__title')].some((heading) => heading.textContent === wanted), title)
      await driver().click(withText('button', 'Jouer', '//li[contains(@class, "experience")]'))
      await driver().click({ css: '.player .player__answer' })
      await waitInPage(driver(), 'the verdict on the first answer', TIMEOUTS.stepMs, () => /Bonne réponse|Raté/.test(document.querySelector('.player__feedback')?.textContent ?? ''))
      await expectNoErrors()
    })
  })
}
