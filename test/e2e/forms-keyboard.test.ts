import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { baseURL, expectNoAxeViolations, gotoAndWait, openPage, useBrowser, waitForApp, withConsentDecided, type PageSession } from './support/browser'

const browser = useBrowser()
const NEWSLETTER_LABEL = 'Votre adresse e-mail'
const NEWSLETTER_SUCCESS = /Votre inscription est enregistrée/
const NEWSLETTER_FAILURE = /Une erreur est survenue lors de l'inscription/
const CONTACT_SUCCESS = /Merci, votre message est bien parti/
const EMAIL_REQUIRED = 'Indiquez votre adresse e-mail.'
const EMAIL_INVALID = 'Cette adresse e-mail ne semble pas valide (exemple : prenom@entreprise.fr).'

const CONTACT_FAILURE = 'Une erreur est survenue lors de la demande de contact. Envoyez nous en email à contact@ludora.fr'
/** What a visitor types in the contact fields, in their order (the phone left empty). */
const FILLED = ['Camille', 'Martin', 'camille@exemple.fr', '', 'Boulangerie du Marché', 'Un jeu pour nos dix ans', 'Une roue de la fortune en magasin pour fêter nos dix ans.']

const CONTACT_FIELDS = [
  { name: 'Prénom (obligatoire)', id: 'contact-firstName', error: 'Indiquez votre prénom.' },
  { name: 'Nom (obligatoire)', id: 'contact-name', error: 'Indiquez votre nom.' },
  { name: 'E-mail professionnel (obligatoire)', id: 'contact-email', error: EMAIL_REQUIRED },
  { name: 'Téléphone (facultatif)', id: 'contact-phone', error: undefined },
  { name: 'Entreprise (obligatoire)', id: 'contact-company', error: 'Indiquez le nom de votre entreprise.' },
  { name: 'Objet de votre demande (obligatoire)', id: 'contact-object', error: "Indiquez l'objet de votre demande." },
  { name: 'Votre message (obligatoire)', id: 'contact-message', error: 'Écrivez votre message.' },
]

interface Focused {
  tag: string
  id: string
  text: string
  /** The focused element sits in a live region: it would be read twice, once focused and once announced. */
  inLiveRegion: boolean
}

function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const active = document.activeElement ?? document.body
    return {
      tag: active.tagName.toLowerCase(),
      id: active.id,
      text: (active.textContent ?? '').trim(),
      inLiveRegion: Boolean(active.closest('[role="status"], [role="alert"], [aria-live]')),
    }
  })
}

/** The texts of the elements a field's aria-describedby points at, in order. */
function descriptionOf(field: Locator): Promise<string[]> {
  return field.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? `missing #${id}`),
  )
}

/** Marks every live region present now, so that a later announcement can be shown to come from one that existed before its text. */
async function markLiveRegions(scope: Locator): Promise<void> {
  await scope.evaluate((element) => {
    for (const region of element.querySelectorAll('[role="status"], [role="alert"], [aria-live]')) Object.assign(region, { existedBefore: true })
  })
}

/** The texts of the live regions in `scope` that existed when `markLiveRegions` ran (new ones show as 'new: …'). */
function liveTexts(scope: Locator): Promise<string[]> {
  return scope.evaluate((element) =>
    [...element.querySelectorAll('[role="status"], [role="alert"], [aria-live]')]
      .map((region) => ((region as Element & { existedBefore?: boolean }).existedBefore ? '' : 'new: ') + (region.textContent ?? '').trim())
      .filter((text) => text !== '' && text !== 'new: '),
  )
}

/** Closes the page, which must have logged no error but the failed request a test asked for (`expected`). */
/** The refusal is announced by a region that existed before it, the field has the focus, is invalid and describes why. */
async function expectRefused(page: Page, scope: Locator, input: Locator, message: string): Promise<void> {
  await expect.poll(() => liveTexts(scope)).toEqual([message])
  expect((await focused(page)).id).toBe(await input.getAttribute('id'))
  expect(await input.getAttribute('aria-invalid')).toBe('true')
  expect(await descriptionOf(input)).toContain(message)
}

async function close({ context, errors }: PageSession, expected?: RegExp): Promise<void> {
  expect(errors.filter((error) => !expected?.test(error))).toEqual([])
  await context.close()
}

async function open(path: string): Promise<PageSession> {
  const session = await openPage(browser(), { viewport: { width: 1280, height: 900 } })
  await withConsentDecided(session.context)
  await gotoAndWait(session.page, path)
  await waitForApp(session.page)
  return session
}

const NEWSLETTERS: { name: string; path: string; scope: (page: Page) => Locator }[] = [
  { name: 'home section', path: '/', scope: (page) => page.getByRole('main').locator('form') },
  { name: 'footer', path: '/contact', scope: (page) => page.getByRole('contentinfo').locator('form') },
]

describe.each(NEWSLETTERS)('newsletter form ($name) by keyboard', ({ path, scope: scopeOf }) => {
  async function openForm() {
    const session = await open(path)
    const scope = scopeOf(session.page)
    const input = scope.getByRole('textbox', { name: NEWSLETTER_LABEL, exact: true })
    await input.waitFor()
    await markLiveRegions(scope)
    return { session, page: session.page, scope, input }
  }

  it('names its field and button with their whole words', async () => {
    const { session, scope } = await openForm()
    await scope.getByRole('textbox', { name: NEWSLETTER_LABEL, exact: true }).waitFor()
    await scope.getByRole('button', { name: "S'inscrire", exact: true }).waitFor()
    await close(session)
  })

  it('shows nothing to a visitor who only tabs through the empty field', async () => {
    const { session, page, scope, input } = await openForm()
    await input.focus()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Shift+Tab')
    expect((await focused(page)).tag).toBe('input')
    await page.keyboard.press('Tab')
    expect(await input.getAttribute('aria-invalid')).toBeNull()
    expect(await liveTexts(scope)).toEqual([])
    await close(session)
  })

  it('on an empty submit with the button, focuses the field, marks it invalid and announces why', async () => {
    const { session, page, scope, input } = await openForm()
    await input.focus()
    await page.keyboard.press('Tab')
    expect((await focused(page)).text).toBe("S'inscrire")
    await page.keyboard.press('Enter')
    await expectRefused(page, scope, input, EMAIL_REQUIRED)
    await expectNoAxeViolations(page, { include: ['form.newsletter'] })
    await close(session)
  })

  it('on Enter with a wrong address, keeps the focus in the field, marks it invalid and announces why', async () => {
    const { session, page, scope, input } = await openForm()
    await input.focus()
    await page.keyboard.type('prospect@exemple.')
    await page.keyboard.press('Enter')
    await expectRefused(page, scope, input, EMAIL_INVALID)
    await close(session)
  })

  // The field and the button stay in place while sending (decision 011): focus stays where the visitor
  // pressed, and the answer is read once, from the live region the prerendered form already holds.
  it('after sending with the button, keeps the focus on it and announces the success once', async () => {
    const { session, page, scope, input } = await openForm()
    await page.route('**/api/newsletter', (route) => route.fulfill({ status: 201, json: { status: 'registered' } }))
    await input.focus()
    await page.keyboard.type('lecteur@exemple.fr')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await expect.poll(() => liveTexts(scope)).toEqual([expect.stringMatching(NEWSLETTER_SUCCESS)])
    expect((await focused(page)).text).toBe("S'inscrire")
    expect(await input.inputValue()).toBe('')
    await expectNoAxeViolations(page, { include: ['form.newsletter'] })
    await close(session)
  })

  it('after a failed sending by Enter, keeps the focus and the address in the field and announces the error once', async () => {
    const { session, page, scope, input } = await openForm()
    await page.route('**/api/newsletter', (route) => route.fulfill({ status: 503, body: '' }))
    await input.focus()
    await page.keyboard.type('lecteur@exemple.fr')
    await page.keyboard.press('Enter')
    await expect.poll(() => liveTexts(scope)).toEqual([expect.stringMatching(NEWSLETTER_FAILURE)])
    expect((await focused(page)).id).toBe(await input.getAttribute('id'))
    expect(await input.inputValue()).toBe('lecteur@exemple.fr')
    await close(session, /status of 503/)
  })
})

describe('contact form by keyboard', () => {
  async function openForm() {
    const session = await open('/contact')
    const form = session.page.locator('form.contact-form')
    await form.waitFor()
    await markLiveRegions(form)
    return { session, page: session.page, form }
  }

  const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true })

  it('names every field with its label and flag, space included', async () => {
    const { session, page } = await openForm()
    for (const { name, id } of CONTACT_FIELDS) expect(await field(page, name).getAttribute('id')).toBe(id)
    await page.getByRole('button', { name: 'Envoyer ma demande', exact: true }).waitFor()
    await close(session)
  })

  it('shows no error to a visitor who only tabs through the empty fields', async () => {
    const { session, page, form } = await openForm()
    await field(page, 'Prénom (obligatoire)').focus()
    for (const { id } of CONTACT_FIELDS.slice(1)) {
      await page.keyboard.press('Tab')
      expect((await focused(page)).id).toBe(id)
    }
    await page.keyboard.press('Tab')
    expect((await focused(page)).text).toBe('Envoyer ma demande')
    expect(await form.locator('[aria-invalid="true"]').count()).toBe(0)
    expect(await form.locator('.field-error').allTextContents()).toEqual(expect.not.arrayContaining([expect.stringMatching(/\S/)]))
    expect(await liveTexts(form)).toEqual([])
    await close(session)
  })

  it('on an empty submit, focuses the first field, marks each required one invalid and describes it', async () => {
    const { session, page } = await openForm()
    await page.getByRole('button', { name: 'Envoyer ma demande' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(async () => (await focused(page)).id).toBe('contact-firstName')
    for (const { name, error } of CONTACT_FIELDS) {
      const input = field(page, name)
      expect(await input.getAttribute('aria-invalid')).toBe(error ? 'true' : null)
      if (error) expect(await descriptionOf(input)).toContain(error)
    }
    await expectNoAxeViolations(page, { include: ['.contact-form'] })
    await close(session)
  })

  it('on Enter in the first field, which keeps the focus, announces its error from the live region', async () => {
    const { session, page, form } = await openForm()
    const firstName = field(page, 'Prénom (obligatoire)')
    await firstName.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => liveTexts(form)).toEqual(['Indiquez votre prénom.'])
    expect((await focused(page)).id).toBe('contact-firstName')
    expect(await descriptionOf(firstName)).toEqual(['Indiquez votre prénom.'])
    await page.keyboard.type('Camille')
    await page.keyboard.press('Tab')
    // The visitor fixed it and moved on: nothing left to say.
    await expect.poll(() => liveTexts(form)).toEqual([])
    expect(await firstName.getAttribute('aria-invalid')).toBeNull()
    await close(session)
  })

  it('announces the error of a field the visitor changed, once they leave it', async () => {
    const { session, page, form } = await openForm()
    const email = field(page, 'E-mail professionnel (obligatoire)')
    await email.focus()
    await page.keyboard.type('pas-une-adresse')
    await page.keyboard.press('Tab')
    await expect.poll(() => liveTexts(form)).toEqual([EMAIL_INVALID])
    expect((await focused(page)).id).toBe('contact-phone')
    expect(await email.getAttribute('aria-invalid')).toBe('true')
    expect(await descriptionOf(email)).toEqual([EMAIL_INVALID])
    await close(session)
  })

  it('on a submit with a wrong address, focuses that field and describes the error', async () => {
    const { session, page } = await openForm()
    await field(page, 'Prénom (obligatoire)').focus()
    const typed = ['Camille', 'Martin', 'camille@exemple.', '', 'Boulangerie du Marché', 'Un jeu pour nos dix ans', 'Une roue de la fortune en magasin pour fêter nos dix ans.']
    for (const text of typed) {
      await page.keyboard.type(text)
      await page.keyboard.press('Tab')
    }
    await page.keyboard.press('Enter')
    await expect.poll(async () => (await focused(page)).id).toBe('contact-email')
    const email = field(page, 'E-mail professionnel (obligatoire)')
    expect(await email.getAttribute('aria-invalid')).toBe('true')
    expect(await descriptionOf(email)).toEqual([EMAIL_INVALID])
    await close(session)
  })

  it('after sending, moves the focus to the success message, read once, and empties the form', async () => {
    const { session, page, form } = await openForm()
    let posts = 0
    // The answer waits until the test has pressed the button again during the sending.
    let answer = () => {}
    const answered = new Promise<void>((resolve) => (answer = resolve))
    await page.route('**/api/contact', async (route) => {
      posts++
      await answered
      await route.fulfill({ status: 201, json: { status: 'received' } })
    })
    await field(page, 'Prénom (obligatoire)').focus()
    for (const text of FILLED) {
      await page.keyboard.type(text)
      await page.keyboard.press('Tab')
    }
    expect((await focused(page)).text).toBe('Envoyer ma demande')
    await page.keyboard.press('Enter')
    // The button keeps the focus while sending (it is not disabled), and a second press sends nothing more.
    await expect.poll(() => posts).toBe(1)
    await expect.poll(async () => (await focused(page)).text).toBe('Envoi en cours…')
    await page.keyboard.press('Enter')
    answer()
    await expect.poll(async () => (await focused(page)).text, { timeout: 15_000 }).toMatch(CONTACT_SUCCESS)
    expect(posts).toBe(1)
    expect(await focused(page)).toMatchObject({ inLiveRegion: false })
    expect(await liveTexts(form)).toEqual([])
    expect(await field(page, 'Prénom (obligatoire)').inputValue()).toBe('')
    await expectNoAxeViolations(page, { include: ['.contact-form'] })
    await close(session)
  })

  it('after a failed sending, moves the focus to the error message and its mailto link, keeping what was typed', async () => {
    const { session, page, form } = await openForm()
    await page.route('**/api/contact', (route) => route.fulfill({ status: 500, body: '{}' }))
    await field(page, 'Prénom (obligatoire)').focus()
    for (const text of FILLED) {
      await page.keyboard.type(text)
      await page.keyboard.press('Tab')
    }
    await page.keyboard.press('Enter')
    await expect.poll(async () => (await focused(page)).text, { timeout: 15_000 }).toBe(CONTACT_FAILURE)
    expect(await focused(page)).toMatchObject({ inLiveRegion: false })
    expect(await liveTexts(form)).toEqual([])
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('mailto:contact@ludora.fr')
    expect(await field(page, 'Prénom (obligatoire)').inputValue()).toBe('Camille')
    await close(session, /status of 500/)
  })
})

describe('home newsletter field while the page loads', () => {
  const VIEWPORTS = [
    { width: 1280, height: 900 },
    { width: 375, height: 812 },
  ]
  const STOPS = 5

  /** A description of the focused element that survives hydration (React adopts the prerendered elements). */
  const stop = (page: Page) =>
    page.evaluate(() => {
      const active = document.activeElement
      return active ? `${active.tagName} ${active.getAttribute('href') ?? active.getAttribute('type') ?? ''} ${(active.textContent ?? '').trim().slice(0, 30)}` : 'none'
    })

  /** `/` as soon as the home form's field exists, the focus on the stop before it; `cpuSlowdown` as a slow phone. */
  async function openAtStopBefore(viewport: { width: number; height: number }, { loaded = false, cpuSlowdown = 1 } = {}) {
    const session = await openPage(browser(), { viewport })
    await withConsentDecided(session.context)
    const { page } = session
    if (cpuSlowdown > 1) await (await session.context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown })
    await page.goto(baseURL() + '/', { waitUntil: 'commit' })
    if (loaded) await waitForApp(page)
    const input = page.getByRole('main').getByRole('textbox', { name: NEWSLETTER_LABEL })
    await input.waitFor()
    await input.focus()
    await page.keyboard.press('Shift+Tab')
    return session
  }

  /** The stop before the field and the next ones, Tab after Tab, on a page done loading; walked once per width. */
  const references = new Map<number, Promise<string[]>>()
  async function walkReferenceStops(viewport: { width: number; height: number }): Promise<string[]> {
    const session = await openAtStopBefore(viewport, { loaded: true })
    const stops = [await stop(session.page)]
    for (let press = 0; press < STOPS; press++) {
      await session.page.keyboard.press('Tab')
      stops.push(await stop(session.page))
    }
    expect(stops[1]).toMatch(/^INPUT email/)
    await close(session)
    return stops
  }
  function referenceStops(viewport: { width: number; height: number }): Promise<string[]> {
    if (!references.has(viewport.width)) references.set(viewport.width, walkReferenceStops(viewport))
    return references.get(viewport.width)!
  }

  it.each(VIEWPORTS)('moves exactly one stop per Tab, into and out of the field, from the moment it exists ($width px)', async (viewport) => {
    const expected = await referenceStops(viewport)
    const session = await openAtStopBefore(viewport)
    const seen = [await stop(session.page)]
    for (let press = 0; press < STOPS; press++) {
      await session.page.keyboard.press('Tab')
      seen.push(await stop(session.page))
    }
    expect(seen).toEqual(expected)
    await close(session)
  })

  it.each(VIEWPORTS)('loses none of the Tabs pressed in a quick burst on a slow phone while the page loads ($width px)', async (viewport) => {
    const expected = await referenceStops(viewport)
    const session = await openAtStopBefore(viewport, { cpuSlowdown: 6 })
    await Promise.all(Array.from({ length: STOPS }, () => session.page.keyboard.press('Tab')))
    await expect.poll(() => stop(session.page)).toBe(expected[STOPS])
    await close(session)
  })
})
