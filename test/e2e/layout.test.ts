import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { gotoAndWait, openPage, useBrowser, waitForApp, withConsentDecided } from './support/browser'
import { builtPages } from './support/site-data'

const browser = useBrowser()
// 320 px: the narrowest phones still sold; then the issue's widths.
const WIDTHS = [320, 375, 768, 1024, 1280, 1366, 1440, 1920]
/** A classic (non-overlay) scrollbar takes this much of the layout width while media queries still see the window's. */
const SCROLLBAR = 17
const PHONE = { width: 375, height: 812 }
const LAPTOP = { width: 1440, height: 900 }

async function ready(page: Page, path: string): Promise<void> {
  await gotoAndWait(page, path)
  await waitForApp(page)
  await page.evaluate(() => document.fonts.ready)
}

/** Resizes and waits until media queries and viewport units have caught up, then for a painted frame. */
async function resize(page: Page, width: number, gutter = 0): Promise<void> {
  await page.setViewportSize({ width, height: 900 })
  await page.evaluate((padding) => document.documentElement.style.setProperty('padding-right', padding ? `${padding}px` : null), gutter)
  await page.waitForFunction((expected) => window.innerWidth === expected && window.matchMedia(`(width: ${expected}px)`).matches, width)
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
}

interface LayoutReport {
  sideways: number
  /** Top of each top-level menu item, brand and call to action (1024 px and up). */
  rowTops: number[]
  brandLines: number
  ctaVisible: boolean
  headerHeight: number
  /** Pairs of header parts whose boxes meet. */
  overlaps: string[]
  /** Elements whose box leaves the viewport or its parent's box sideways. */
  sticking: string[]
}

/** Measures one page at the current viewport width, in the page. */
function measureLayout(page: Page): Promise<LayoutReport> {
  return page.evaluate(() => {
    const rect = (element: Element) => element.getBoundingClientRect()
    const label = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? '.' + element.className.trim().split(/\s+/).join('.') : ''}${element.textContent ? ` "${element.textContent.trim().slice(0, 30)}"` : ''}`
    const width = document.documentElement.clientWidth - parseFloat(getComputedStyle(document.documentElement).paddingRight)
    const header = document.querySelector('.site-header')!
    const brand = header.querySelector('.site-header__brand')!
    const brandName = header.querySelector('.brand-logo__name')!
    const cta = header.querySelector('.site-header__cta')!
    const toggle = header.querySelector<HTMLElement>('.site-header__toggle')!
    const items = [...header.querySelectorAll('.site-nav__list > li')].filter((item) => rect(item).width > 0)
    const parts = [brand, ...items, cta, ...(toggle.offsetParent ? [toggle] : [])]
    const overlaps: string[] = []
    parts.forEach((a, i) =>
      parts.slice(i + 1).forEach((b) => {
        const ra = rect(a)
        const rb = rect(b)
        if (ra.left < rb.right - 0.5 && rb.left < ra.right - 0.5 && ra.top < rb.bottom - 0.5 && rb.top < ra.bottom - 0.5) overlaps.push(`${label(a)} × ${label(b)}`)
      }),
    )
    const ctaBox = rect(cta)
    const atCtaCenter = document.elementFromPoint(ctaBox.left + ctaBox.width / 2, ctaBox.top + ctaBox.height / 2)
    const brandText = document.createRange()
    brandText.selectNodeContents(brandName)
    const lineTops = [...brandText.getClientRects()].map((box) => box.top).sort((a, b) => a - b)
    const brandLines = lineTops.filter((top, index) => index === 0 || top - lineTops[index - 1]! > parseFloat(getComputedStyle(brandName).fontSize) / 2).length

    // Clipping or scrolling ancestors contain what they hold on purpose (the pricing matrix, fades).
    // Remembered per element: the walk up the tree is shared by every descendant.
    const clippedCache = new Map<Element, boolean>()
    const clips = (node: Element | null): boolean => {
      if (!node || node === document.body) return false
      let known = clippedCache.get(node)
      if (known === undefined) {
        known = getComputedStyle(node).overflowX !== 'visible' || clips(node.parentElement)
        clippedCache.set(node, known)
      }
      return known
    }
    const clipped = (element: Element) => clips(element.parentElement)
    const sticking: string[] = []
    for (const element of document.querySelectorAll('body *')) {
      if (element.closest('svg, .visually-hidden, .honeypot, .skip-link, [hidden]') && element.tagName !== 'svg') continue
      const box = rect(element)
      if (box.width === 0 || box.height === 0 || clipped(element)) continue
      const parent = element.parentElement!
      const parentBox = rect(parent)
      const parentStyle = getComputedStyle(parent)
      const outOfViewport = box.left < -1 || box.right > width + 1
      const outOfParent = parentStyle.display !== 'inline' && parentStyle.display !== 'contents' && (box.left < parentBox.left - 1 || box.right > parentBox.right + 1)
      if (outOfViewport || outOfParent) sticking.push(`${label(element)} [${Math.round(box.left)}–${Math.round(box.right)} in ${Math.round(parentBox.left)}–${Math.round(parentBox.right)}]`)
    }
    return {
      sideways: document.documentElement.scrollWidth - window.innerWidth,
      rowTops: [brand, ...items, cta].map((part) => Math.round(rect(part).top + rect(part).height / 2)),
      brandLines,
      ctaVisible: ctaBox.width > 0 && ctaBox.right <= width && ctaBox.top >= 0 && (atCtaCenter === cta || cta.contains(atCtaCenter)),
      headerHeight: rect(header).height,
      overlaps,
      sticking: sticking.slice(0, 10),
    }
  })
}

/** Every built page, and the not-found page, at each width: the same checks, whichever font the page ended up with. */
async function expectSoundLayouts(page: Page, widths: (readonly [number, number])[]): Promise<void> {
  for (const built of [...builtPages(), { path: '/introuvable' }]) {
    await page.setViewportSize(LAPTOP)
    await ready(page, built.path)
    for (const [width, scrollbar] of widths) {
      await resize(page, width, scrollbar)
      const where = `${built.path} at ${width} px${scrollbar ? ' beside a scrollbar' : ''}`
      const report = await measureLayout(page)
      expect(report.sideways, where).toBeLessThanOrEqual(0)
      expect(report.overlaps, where).toEqual([])
      expect(report.sticking, where).toEqual([])
      expect(report.brandLines, where).toBe(1)
      expect(report.ctaVisible, where).toBe(true)
      if (width >= 1024) {
        // Brand, every menu item and the call to action share one line: their centres are level.
        expect(Math.max(...report.rowTops) - Math.min(...report.rowTops), where).toBeLessThanOrEqual(2)
        expect(report.headerHeight, where).toBeLessThanOrEqual(72)
      }
    }
  }
}

describe('layout of every page at every width', () => {
  it('never scrolls sideways; from 1024 px the header is one row with the call to action; nothing overlaps or sticks out', async () => {
    const { page, errors, context } = await openPage(browser())
    await withConsentDecided(context)
    await expectSoundLayouts(page, [...WIDTHS.map((width) => [width, 0] as const), [1024, SCROLLBAR]])
    expect(errors).toEqual([])
    await context.close()
  }, 300_000)

  it('holds with the fallback font as well, for a visitor whose first paint came before the web font', async () => {
    const { page, context } = await openPage(browser())
    await withConsentDecided(context)
    await context.route(/\.woff2$/, (route) => route.abort())
    await expectSoundLayouts(page, [
      [375, 0],
      [1024, SCROLLBAR],
      [1280, 0],
    ])
    await context.close()
  }, 300_000)
})

describe('cookie consent on small and large screens', () => {
  it('the banner keeps to 30% of a 375×812 screen with its title, texts and four buttons', async () => {
    const { page, errors, context } = await openPage(browser(), { viewport: PHONE })
    await ready(page, '/')
    const banner = page.getByRole('region', { name: 'Vos cookies, votre choix' })
    await banner.waitFor()
    const box = (await banner.boundingBox())!
    expect(box.height).toBeLessThanOrEqual(PHONE.height * 0.3)
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height + 0.5)
    const text = await banner.textContent()
    expect(text).toContain("Avec votre accord seulement, nous mesurons l'audience (Matomo)")
    expect(text).toContain('Refuser ne change rien à votre navigation')
    for (const name of ['Tout accepter', 'Tout refuser', 'Gérer les cookies', /^Fermer/]) {
      const button = banner.getByRole('button', { name })
      expect(await button.isVisible(), String(name)).toBe(true)
      const buttonBox = (await button.boundingBox())!
      expect(buttonBox.y + buttonBox.height, String(name)).toBeLessThanOrEqual(PHONE.height)
    }
    expect(await banner.getByRole('link', { name: 'Lire la politique cookies' }).isVisible()).toBe(true)
    expect(errors).toEqual([])
    await context.close()
  })

  it('the settings dialog shows Save without scrolling at 1440×900 and 375×812', async () => {
    for (const viewport of [LAPTOP, PHONE]) {
      const { page, errors, context } = await openPage(browser(), { viewport })
      await ready(page, '/')
      await page.getByRole('region', { name: 'Vos cookies, votre choix' }).getByRole('button', { name: 'Gérer les cookies' }).click()
      const dialog = page.getByRole('dialog', { name: 'Paramètres des cookies' })
      await dialog.waitFor()
      // A pending change adds its notice above the buttons: Save must stay in view with it.
      await dialog.getByRole('switch', { name: "Mesure d'audience (Matomo)" }).click()
      await dialog.getByText('You have unsaved settings').waitFor()
      const save = dialog.getByRole('button', { name: 'Enregistrer mes choix' })
      const inView = await save.evaluate((button) => {
        const box = button.getBoundingClientRect()
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
        return box.top >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth && (top === button || button.contains(top))
      })
      expect(inView, `${viewport.width}×${viewport.height}`).toBe(true)
      expect(errors).toEqual([])
      await context.close()
    }
  })
})

describe('a compact frame on phones', () => {
  it('header, footer and cookie banner leave the home page its room at 375 px', async () => {
    const { page, errors, context } = await openPage(browser(), { viewport: PHONE })
    await ready(page, '/')
    const banner = page.getByRole('region', { name: 'Vos cookies, votre choix' })
    await banner.waitFor()
    const frame = await page.evaluate(() => ({
      header: document.querySelector('.site-header')!.getBoundingClientRect().height,
      footer: document.querySelector('.site-footer')!.getBoundingClientRect().height,
      banner: document.querySelector('.consent-banner')!.getBoundingClientRect().height,
    }))
    // The home page's budget at 375 px is 7,000 px; the frame around its sections takes at most 1,300.
    expect(frame.header).toBeLessThanOrEqual(72)
    expect(frame.footer).toBeLessThanOrEqual(1000)
    expect(frame.banner).toBeLessThanOrEqual(243.6)
    expect(frame.header + frame.footer + frame.banner).toBeLessThanOrEqual(1300)
    expect(errors).toEqual([])
    await context.close()
  })
})
