import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { baseURL, expectNoAxeViolations, gotoAndWait, openPage, useBrowser, waitForApp, withConsentDecided } from './support/browser'
import { holdRequests } from './support/held-requests'
import { loadedScriptsCarrying, TIPPY_MARKER } from './support/loaded-scripts'

const browser = useBrowser()
async function openPricing(options: Parameters<typeof openPage>[1] = {}) {
  const session = await openPage(browser(), options)
  await withConsentDecided(session.context)
  await gotoAndWait(session.page, '/pricing')
  await waitForApp(session.page)
  return session
}

const rows = (page: Page) => page.locator('.matrix__table tbody tr')
const visibleTooltip = (page: Page) => page.locator('[data-tippy-root] .tippy-box[data-state="visible"]')

async function tooltipText(trigger: Locator): Promise<string> {
  const id = await trigger.getAttribute('aria-describedby')
  return id ? ((await trigger.page().locator(`#${id}`).textContent()) ?? '') : ''
}

describe('pricing', () => {
  // One page for what a desktop visitor reads and does: the offers, then the 35 tooltips by keyboard at
  // 1440 px and by hover at 1280 px (a new page costs more CPU than a resize). The two walks of 35 tooltips
  // wait out the show delay (200 ms) and the hide (150 ms) of each one: 32 s at most on one core shared
  // with another file.
  it('shows four offers with prices excluding VAT and every one of the 35 plan features; opens every tooltip on keyboard focus and closes it with Escape, then on hover, closing it when the pointer leaves', async () => {
    const { page, errors, context } = await openPricing()
    const plans = page.locator('.plan')
    expect(await plans.count()).toBe(4)
    expect(await plans.allInnerTexts()).toEqual([expect.stringContaining('0 €'), expect.stringContaining('149 € HT'), expect.stringContaining('99 € HT'), expect.stringContaining('Sur devis')])
    expect(await rows(page).count()).toBe(35)
    expect(await page.locator('.matrix__table thead th').allInnerTexts()).toEqual(['Fonction', 'Start', "À l'unité", 'Abonnement annuel', 'Studio'])
    await page.getByRole('button', { name: 'Mensuelle' }).click()
    await page.locator('.plan__amount', { hasText: '129 € HT' }).waitFor()
    await page.getByRole('heading', { name: 'Questions fréquentes' }).waitFor()

    const triggers = page.locator('.info-tooltip')
    await triggers.first().focus()
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Tab')
    for (let index = 0; index < 35; index++) {
      const trigger = triggers.nth(index)
      if (index > 0) await page.keyboard.press('Tab')
      expect(await trigger.evaluate((element) => element === document.activeElement)).toBe(true)
      await visibleTooltip(page).waitFor()
      expect(await trigger.getAttribute('aria-describedby')).toBeTruthy()
      if (index === 0) await expectNoAxeViolations(page, { include: ['main'] })
      await page.keyboard.press('Escape')
      await visibleTooltip(page).waitFor({ state: 'detached' })
    }

    // The pointer's walk starts with no element focused, as on a page the visitor has not tabbed through.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    await page.setViewportSize({ width: 1280, height: 900 })
    expect(await triggers.count()).toBe(35)
    for (let index = 0; index < 35; index++) {
      const trigger = triggers.nth(index)
      await trigger.hover()
      await visibleTooltip(page).waitFor()
      expect((await tooltipText(trigger)).length).toBeGreaterThan(40)
      await page.mouse.move(0, 0)
      await visibleTooltip(page).waitFor({ state: 'detached' })
    }
    expect(errors).toEqual([])
    await context.close()
  }, 150_000)

  it('opens every tooltip with a tap on a phone, and a tap elsewhere closes it', async () => {
    const { page, context } = await openPricing({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true })
    const triggers = page.locator('.info-tooltip')
    for (let index = 0; index < 35; index++) {
      await triggers.nth(index).tap()
      await visibleTooltip(page).waitFor()
      await page.locator('h1').tap()
      await visibleTooltip(page).waitFor({ state: 'detached' })
    }
    await context.close()
  }, 150_000)

  // The feature matrix lies far below the offers on a phone: its code and tippy.js wait until it is reached.
  it('loads the feature matrix’s code, tippy.js with it, only when the visitor reaches it; a tooltip focused or hovered before that code arrives opens when it does', async () => {
    const { page, errors, context } = await openPricing({ viewport: { width: 375, height: 740 } })
    expect(await loadedScriptsCarrying(page, TIPPY_MARKER)).toEqual([])
    const trigger = page.locator('.info-tooltip').first()

    let releaseCode = await holdRequests(page, '**/*.js')
    await trigger.focus()
    releaseCode()
    await visibleTooltip(page).waitFor()
    expect(await trigger.evaluate((element) => element === document.activeElement)).toBe(true)
    expect((await tooltipText(trigger)).length).toBeGreaterThan(40)
    expect(await loadedScriptsCarrying(page, TIPPY_MARKER)).toHaveLength(1)
    await page.unroute('**/*.js')

    // The same page anew, reached by the pointer: it rests on the button while the code is on its way.
    await gotoAndWait(page, '/pricing')
    await waitForApp(page)
    releaseCode = await holdRequests(page, '**/*.js')
    await trigger.hover()
    releaseCode()
    await visibleTooltip(page).waitFor()
    expect((await tooltipText(trigger)).length).toBeGreaterThan(40)
    await page.unroute('**/*.js')
    expect(errors).toEqual([])
    await context.close()
  })

  it('carries Product and FAQPage structured data', async () => {
    const html = await (await fetch(`${baseURL()}/pricing`)).text()
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as { '@type': string })
    expect(blocks.map((block) => block['@type'])).toEqual(['Product', 'FAQPage'])
  })
})
