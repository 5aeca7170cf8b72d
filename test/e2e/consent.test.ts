import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { baseURL, expectNoAxeViolations, gotoAndWait, openPage, useBrowser, waitForApp, type PageSession, type SessionContext } from './support/browser'

const browser = useBrowser()
const MATOMO = 'https://matomo.ludora.test/'
const CRISP_SCRIPT = 'https://client.crisp.chat/l.js'

// Stand-ins for the third-party scripts: they do what matters here (send page views, set cookies).
const FAKE_MATOMO = `(function () {
  var queue = window._paq || [], tracker = '', url = '', title = ''
  function run(command) {
    if (command[0] === 'setTrackerUrl') tracker = command[1]
    if (command[0] === 'setCustomUrl') url = command[1]
    if (command[0] === 'setDocumentTitle') title = command[1]
    if (command[0] === 'trackPageView') {
      fetch(tracker + '?url=' + encodeURIComponent(url) + '&action_name=' + encodeURIComponent(title), { mode: 'no-cors' })
      document.cookie = '_pk_id.7.abcd=visitor; path=/'
    }
  }
  queue.forEach(run)
  window._paq = { push: function () { for (var i = 0; i < arguments.length; i++) run(arguments[i]) } }
})()`
const FAKE_CRISP = `document.cookie = 'crisp-client/session/' + window.CRISP_WEBSITE_ID + '=chat; path=/'`

interface ThirdPartyLog {
  matomoScript: number
  crispScript: number
  pageViews: { url: string; title: string }[]
}

async function withThirdParties(context: SessionContext): Promise<ThirdPartyLog> {
  const log: ThirdPartyLog = { matomoScript: 0, crispScript: 0, pageViews: [] }
  await context.route(`${MATOMO}**`, (route) => {
    const url = new URL(route.request().url())
    if (url.pathname.endsWith('matomo.js')) {
      log.matomoScript++
      return route.fulfill({ contentType: 'text/javascript', body: FAKE_MATOMO })
    }
    log.pageViews.push({ url: url.searchParams.get('url') ?? '', title: url.searchParams.get('action_name') ?? '' })
    return route.fulfill({ status: 204, body: '' })
  })
  await context.route(CRISP_SCRIPT, (route) => {
    log.crispScript++
    return route.fulfill({ contentType: 'text/javascript', body: FAKE_CRISP })
  })
  await context.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Vidéo</title><p>Lecteur vidéo</p>' }),
  )
  return log
}

async function consentCookies(session: PageSession): Promise<Record<string, string>> {
  const cookies = await session.context.cookies()
  return Object.fromEntries(cookies.filter((cookie) => cookie.name.startsWith('ncc_')).map((cookie) => [cookie.name, cookie.value]))
}

const banner = (page: Page) => page.getByRole('region', { name: 'Vos cookies, votre choix' })

/**
 * A first visit to `path`. The stand-ins for the third parties are installed once the page has loaded: the
 * page asks for none of them before a choice (`blocked` records any request off the local server), and
 * requests the browser hands to the test for routing no longer come from its cache.
 */
async function setup(path = '/') {
  const session = await openPage(browser())
  await gotoAndWait(session.page, path)
  await waitForApp(session.page)
  return { ...session, log: await withThirdParties(session.context) }
}

describe('cookie consent', () => {
  it('asks on a first visit and loads nothing optional before consent', async () => {
    const session = await setup()
    await banner(session.page).waitFor()
    for (const name of ['Tout accepter', 'Tout refuser', 'Gérer les cookies']) {
      await expect.poll(() => banner(session.page).getByRole('button', { name, exact: true }).isVisible()).toBe(true)
    }
    const sizes = await banner(session.page)
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((button) => `${Math.round(button.getBoundingClientRect().height)}:${getComputedStyle(button).backgroundColor}:${getComputedStyle(button).fontWeight}`))
    expect(new Set(sizes).size).toBe(1)
    await expectNoAxeViolations(session.page, { include: ['.consent-banner'] })
    await session.page.getByRole('link', { name: 'Tarifs' }).first().click()
    await session.page.waitForURL(`${baseURL()}/pricing`)
    expect(await consentCookies(session)).toEqual({})
    expect(session.log).toEqual({ matomoScript: 0, crispScript: 0, pageViews: [] })
    expect(session.blocked).toEqual([])
    expect(session.errors).toEqual([])
    await session.context.close()
  })

  it('Accept all stores both cookies, loads Matomo and Crisp once, and counts each client navigation', async () => {
    const session = await setup()
    await banner(session.page).getByRole('button', { name: 'Tout accepter' }).click()
    await expect.poll(() => consentCookies(session)).toEqual({ ncc_c: 'necessarymatomocrispfunctional', ncc_e: 'necessary|matomo|crisp|functional' })
    const stored = (await session.context.cookies()).find((cookie) => cookie.name === 'ncc_c')!
    expect(stored.sameSite).toBe('Lax')
    expect(stored.path).toBe('/')
    expect(stored.expires * 1000 - Date.now()).toBeGreaterThan(364 * 864e5)
    await expect.poll(() => session.log.pageViews.length).toBe(1)
    expect(session.log.pageViews[0]!.url).toBe(`${baseURL()}/`)
    // Each script is requested on its own: the page view proves Matomo ran, not that Crisp was asked for yet.
    await expect.poll(() => session.log.crispScript).toBe(1)
    expect(session.log.matomoScript).toBe(1)

    await session.page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Tarifs' }).click()
    await session.page.waitForURL(`${baseURL()}/pricing`)
    await expect.poll(() => session.log.pageViews.length).toBe(2)
    expect(session.log.pageViews[1]!.url).toBe(`${baseURL()}/pricing`)
    expect(session.log.pageViews[1]!.title).toBe(await session.page.title())

    await session.page.reload()
    await waitForApp(session.page)
    await expect.poll(() => session.log.matomoScript).toBe(2)
    await expect.poll(() => session.log.crispScript).toBe(2)
    expect(await banner(session.page).count()).toBe(0)
    expect(await session.page.locator('script[src$="matomo.js"]').count()).toBe(1)
    expect(session.errors).toEqual([])
    await session.context.close()
  })

  it('treats tampered cookies as undecided', async () => {
    const session = await openPage(browser())
    await session.context.addCookies([
      { name: 'ncc_c', value: 'necessarymatomocrispfunctional', url: baseURL() },
      { name: 'ncc_e', value: 'necessary|matomo|tracking', url: baseURL() },
    ])
    await gotoAndWait(session.page, '/')
    await waitForApp(session.page)
    await banner(session.page).waitFor()
    // Nothing asked of Matomo (or any other host).
    expect(session.blocked).toEqual([])
    await session.context.close()
  })

  // A visitor who has not decided yet, from the start to the end: the dialog left without saving, then the
  // banner closed for the visit, then, on the reload that shows it again, the refusal.
  it('the settings dialog works by keyboard, flags unsaved changes and returns focus; Close hides the banner for this visit only and stores nothing; Decline all stores the refusal and keeps it after a reload', async () => {
    const session = await setup()
    const { page } = session
    const manage = banner(page).getByRole('button', { name: 'Gérer les cookies' })
    await manage.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Paramètres des cookies' })
    await dialog.waitFor()
    for (let index = 0; index < 12; index++) {
      await page.keyboard.press('Tab')
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true)
    }
    await dialog.getByRole('switch', { name: "Mesure d'audience (Matomo)" }).focus()
    await page.keyboard.press('Space')
    await dialog.getByText('You have unsaved settings').waitFor()
    const overlayOpacity = await page.locator('.consent-modal__overlay').evaluate((element) => getComputedStyle(element).opacity)
    expect(overlayOpacity).toBe('0.3')
    await expectNoAxeViolations(page, { include: ['.consent-modal'] })
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(await manage.evaluate((element) => element === document.activeElement)).toBe(true)
    expect(await consentCookies(session)).toEqual({})
    expect(session.errors).toEqual([])

    await banner(page).getByRole('button', { name: /Fermer/ }).click()
    expect(await banner(page).count()).toBe(0)
    expect(await consentCookies(session)).toEqual({})
    await page.reload()
    await banner(page).waitFor()
    await waitForApp(page)

    await banner(page).getByRole('button', { name: 'Tout refuser' }).click()
    await expect.poll(() => consentCookies(session)).toEqual({ ncc_c: 'necessarymatomocrispfunctional', ncc_e: 'necessary' })
    await page.reload()
    await waitForApp(page)
    expect(await banner(page).count()).toBe(0)
    expect(session.log).toEqual({ matomoScript: 0, crispScript: 0, pageViews: [] })
    expect(session.errors).toEqual([])
    await session.context.close()
  })
  it('withdrawal from the footer removes the cookies, stops page views and reloads to unload the chat', async () => {
    const session = await setup()
    const { page } = session
    await banner(page).getByRole('button', { name: 'Tout accepter' }).click()
    await expect.poll(() => session.log.pageViews.length).toBe(1)
    await expect.poll(async () => (await session.context.cookies()).map((cookie) => cookie.name)).toEqual(
      expect.arrayContaining(['_pk_id.7.abcd', 'crisp-client/session/5f3c2d1e-7a6b-4c8d-9e0f-123456789abc']),
    )
    await page.evaluate(() => ((window as unknown as Record<string, unknown>).__beforeWithdrawal = true))
    await page.getByRole('contentinfo').getByRole('button', { name: 'Gérer les cookies' }).click()
    const dialog = page.getByRole('dialog', { name: 'Paramètres des cookies' })
    await dialog.getByRole('switch', { name: "Mesure d'audience (Matomo)" }).click()
    await dialog.getByRole('switch', { name: "Chat d'assistance (Crisp)" }).click()
    await dialog.getByRole('button', { name: 'Enregistrer mes choix' }).click()
    await page.waitForFunction(() => !(window as unknown as Record<string, unknown>).__beforeWithdrawal)
    await waitForApp(page)
    await expect.poll(() => consentCookies(session)).toEqual({ ncc_c: 'necessarymatomocrispfunctional', ncc_e: 'necessary|functional' })
    const names = (await session.context.cookies()).map((cookie) => cookie.name)
    expect(names.filter((name) => name.startsWith('_pk_') || name.startsWith('crisp-client'))).toEqual([])
    const viewsBefore = session.log.pageViews.length
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Tarifs' }).click()
    await page.waitForURL(`${baseURL()}/pricing`)
    await page.getByRole('heading', { level: 1 }).waitFor()
    expect(session.log.pageViews.length).toBe(viewsBefore)
    expect(session.log.matomoScript).toBe(1)
    expect(session.errors).toEqual([])
    await session.context.close()
  })

  it('embedded video: placeholder first, then the player as soon as functional cookies are on, without reload', async () => {
    const session = await setup('/application')
    const { page } = session
    await banner(page).getByRole('button', { name: 'Tout refuser' }).click()
    await page.getByText('To see this, please enable functional cookies').waitFor()
    expect(await page.locator('iframe').count()).toBe(0)
    await page.evaluate(() => ((window as unknown as Record<string, unknown>).__sameDocument = true))
    await page.getByRole('button', { name: 'Activer les contenus intégrés' }).click()
    const dialog = page.getByRole('dialog', { name: 'Paramètres des cookies' })
    await dialog.getByRole('switch', { name: 'Contenus intégrés (vidéos)' }).click()
    await dialog.getByRole('button', { name: 'Enregistrer mes choix' }).click()
    await page.locator('iframe[src^="https://www.youtube-nocookie.com/"]').waitFor()
    expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).__sameDocument)).toBe(true)
    expect(session.errors).toEqual([])
    await session.context.close()
  })
})
