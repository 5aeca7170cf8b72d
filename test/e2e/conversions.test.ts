import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { fillForm } from './ai-generator-helpers'
import { baseURL, gotoAndWait, openPage, useBrowser, waitForApp, withConsentDecided, type SessionContext } from './support/browser'
import { spinDemoWheel } from './support/demo-wheel'

const browser = useBrowser()
const MATOMO = 'https://matomo.ludora.test/'
const CONTACT_OBJECT = 'Un jeu pour Noël, rappel au 06 12 34 56 78'

// A stand-in for matomo.js: it logs every command it runs (window.__matomoCommands) and sends page views,
// events and goals with Matomo's own parameters.
const FAKE_MATOMO = `(function () {
  var queue = window._paq || [], tracker = '', log = (window.__matomoCommands = [])
  function send(params) {
    fetch(tracker + '?' + new URLSearchParams(params), { mode: 'no-cors', keepalive: true })
  }
  function run(command) {
    log.push(command)
    if (command[0] === 'setTrackerUrl') tracker = command[1]
    if (command[0] === 'trackPageView') send({ action_name: document.title })
    if (command[0] === 'trackEvent') send(Object.assign({ e_c: command[1], e_a: command[2] }, command[3] === undefined ? {} : { e_n: command[3] }))
    if (command[0] === 'trackGoal') send({ idgoal: command[1] })
  }
  queue.forEach(run)
  window._paq = { push: function () { for (var i = 0; i < arguments.length; i++) run(arguments[i]) } }
})()`

/** What reached Matomo: page views apart, then each event (`category/action/name`) or goal (`goal n`) in order. */
interface MatomoLog {
  requests: number
  pageViews: number
  conversions: string[]
}

async function interceptMatomo(context: SessionContext): Promise<MatomoLog> {
  const log: MatomoLog = { requests: 0, pageViews: 0, conversions: [] }
  await context.route(`${MATOMO}**`, (route) => {
    log.requests++
    const url = new URL(route.request().url())
    if (url.pathname.endsWith('matomo.js')) return route.fulfill({ contentType: 'text/javascript', body: FAKE_MATOMO })
    const query = url.searchParams
    if (query.has('action_name')) log.pageViews++
    else if (query.has('idgoal')) log.conversions.push(`goal ${query.get('idgoal')}`)
    else log.conversions.push([query.get('e_c'), query.get('e_a'), query.get('e_n')].filter((part) => part !== null).join('/'))
    return route.fulfill({ status: 204, body: '' })
  })
  return log
}

/**
 * Follows a link (Ctrl+click) or sends a form into the application in a new tab: the page stays, and so
 * does its log of what it pushed to Matomo.
 */
async function openInNewTab(page: Page, target: Locator): Promise<void> {
  const isLink = await target.evaluate((element) => element.tagName === 'A')
  const [tab] = await Promise.all([page.context().waitForEvent('page'), target.click(isLink ? { modifiers: ['ControlOrMeta'] } : {})])
  await tab.close()
}

/** Fails once with a server error, then lets the API answer: only the second sending is a conversion. */
async function failFirstSending(page: Page, path: string, send: () => Promise<void>, failure: RegExp, success: RegExp): Promise<void> {
  await page.route(`**/api/${path}`, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }))
  await send()
  await page.getByText(failure).first().waitFor({ timeout: 20_000 })
  await page.unroute(`**/api/${path}`)
  await send()
  await page.getByText(success).first().waitFor({ timeout: 20_000 })
}

/**
 * Every converting journey once, each waiting for what the visitor sees: the demo wheel, a newsletter
 * sign-up, "Créer un jeu gratuit", a plan on /pricing (billed monthly, then the studio), a contact
 * request, and a generated game exported, shared and recovered into the application.
 */
async function walkJourneys(page: Page, beforeLeaving: () => Promise<void> = async () => {}): Promise<void> {
  await spinDemoWheel(page)

  const newsletter = page.getByRole('main').locator('form[data-newsletter-form]')
  await newsletter.getByLabel('Votre adresse e-mail').fill('conversion@exemple.fr')
  await failFirstSending(page, 'newsletter', () => newsletter.getByRole('button', { name: "S'inscrire" }).click(), /erreur est survenue lors de l'inscription/, /Votre inscription est enregistrée/)

  await openInNewTab(page, page.getByRole('banner').getByRole('link', { name: 'Créer un jeu gratuit' }))

  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Tarifs' }).click()
  await page.waitForURL(`${baseURL()}/pricing`)
  await page.getByRole('button', { name: 'Mensuelle' }).click()
  await openInNewTab(page, page.getByRole('link', { name: "Choisir l'abonnement" }))
  await page.locator('.plans').getByRole('link', { name: 'Parler au studio' }).click()
  await page.waitForURL(`${baseURL()}/contact`)

  await page.getByLabel('Prénom').fill('Camille')
  await page.getByLabel(/^Nom/).fill('Martin')
  await page.getByLabel('E-mail professionnel').fill('camille.conversion@boulangerie-du-marche.fr')
  await page.getByLabel('Entreprise').fill('Boulangerie du Marché')
  await page.getByLabel('Objet de votre demande').fill(CONTACT_OBJECT)
  await page.getByLabel('Votre message').fill('Nous aimerions une roue de la fortune en magasin pour les fêtes de fin d’année.')
  await failFirstSending(page, 'contact', () => page.getByRole('button', { name: 'Envoyer ma demande' }).click(), /erreur est survenue lors de la demande de contact/, /Merci, votre message est bien parti/)

  await beforeLeaving()
  await gotoAndWait(page, '/ai/request')
  await waitForApp(page)
  await fillForm(page)
  await page.getByRole('button', { name: 'Générer mon jeu' }).click()
  const item = page.getByRole('listitem').filter({ hasText: 'Le quiz de Noël : Boulangerie Lemoine vous défie' })
  await item.waitFor({ timeout: 30_000 })
  await exportAndShare(page)
  await openInNewTab(page, item.getByRole('button', { name: 'Récupérer dans mon compte' }))
}

async function exportAndShare(page: Page): Promise<void> {
  const item = page.getByRole('listitem').filter({ hasText: 'Le quiz de Noël : Boulangerie Lemoine vous défie' })
  await Promise.all([page.waitForEvent('download'), item.getByRole('button', { name: 'Exporter (JSON)' }).click()])
  await item.getByRole('button', { name: 'Partager un aperçu' }).click()
  await expect.poll(() => item.getByLabel('Lien d’aperçu à envoyer').inputValue()).toMatch(/#apercu=/)
}

/** Console errors apart from the two sendings this test makes fail on purpose. */
const unexpected = (errors: string[]) => errors.filter((error) => !error.includes('status of 500'))

const commandsRun = (page: Page) => page.evaluate(() => (window as unknown as { __matomoCommands?: unknown[][] }).__matomoCommands ?? [])

// Each test walks every journey (about 20 s on a busy two-core machine): three times that, at least.
const JOURNEY_TIMEOUT_MS = 90_000

describe('conversions in Matomo', () => {
  it('with statistics allowed: each conversion once as an event, mapped ones as goals, none for a failed sending, none after withdrawal', { timeout: JOURNEY_TIMEOUT_MS }, async () => {
    const session = await openPage(browser())
    const { page, context } = session
    const log = await interceptMatomo(context)
    await context.addCookies([
      { name: 'ncc_c', value: 'necessarymatomocrispfunctional', url: baseURL() },
      { name: 'ncc_e', value: 'necessary|matomo', url: baseURL() },
    ])
    await gotoAndWait(page, '/')
    await waitForApp(page)
    await expect.poll(() => log.pageViews).toBe(1)

    await walkJourneys(page)
    const expected = [
      'demo/wheel-spun',
      'newsletter/registered/section',
      'goal 1',
      'app/signup-click/Créer un jeu gratuit',
      'goal 4',
      'pricing/plan-chosen/annual-monthly',
      'goal 5',
      "app/signup-click/Choisir l'abonnement",
      'goal 4',
      'pricing/plan-chosen/studio',
      'goal 5',
      'contact/sent/Un jeu pour Noël, rappel au [numéro]',
      'goal 2',
      'generator/game-generated/quiz-fr',
      'goal 3',
      'generator/exported/quiz-fr',
      'generator/shared/quiz-fr',
      'generator/recovered/quiz-fr',
    ]
    // Requests may reach the stand-in out of order; each must be there exactly as often as expected.
    await expect.poll(() => [...log.conversions].sort(), { timeout: 20_000 }).toEqual([...expected].sort())

    await page.getByRole('contentinfo').getByRole('button', { name: 'Gérer les cookies' }).click()
    const dialog = page.getByRole('dialog', { name: 'Paramètres des cookies' })
    await dialog.getByRole('switch', { name: "Mesure d'audience (Matomo)" }).click()
    await dialog.getByRole('button', { name: 'Enregistrer mes choix' }).click()
    await dialog.waitFor({ state: 'detached' })
    const runBefore = (await commandsRun(page)).length
    await exportAndShare(page)
    await openInNewTab(page, page.getByRole('banner').getByRole('link', { name: 'Créer un jeu gratuit' }))
    // What the page pushed to Matomo after the withdrawal: nothing but the withdrawal itself.
    expect((await commandsRun(page)).slice(runBefore)).toEqual([])
    expect((await commandsRun(page)).slice(runBefore - 2, runBefore)).toEqual([['requireConsent'], ['disableCookies']])
    expect([...log.conversions].sort()).toEqual([...expected].sort())
    expect(unexpected(session.errors)).toEqual([])
    await context.close()
  })

  it('without statistics consent: the same journeys queue and send nothing', { timeout: JOURNEY_TIMEOUT_MS }, async () => {
    const session = await openPage(browser())
    const { page, context } = session
    const log = await interceptMatomo(context)
    await withConsentDecided(context)
    await gotoAndWait(page, '/')
    await waitForApp(page)
    const queue = () => page.evaluate(() => (window as unknown as Record<string, unknown>)._paq)
    await walkJourneys(page, async () => expect(await queue()).toBeUndefined())
    expect(await queue()).toBeUndefined()
    expect(log.requests).toBe(0)
    expect(unexpected(session.errors)).toEqual([])
    await context.close()
  })
})
