import type { Page } from 'playwright-core'
import { PAGE_WAIT_MS } from './waits'

/** A classic (non-overlay) scrollbar takes this much of the layout width while media queries still see the window's. */
export const SCROLLBAR = 17
/**
 * Resizes and waits until media queries and viewport units have caught up, then for a painted frame. The
 * gutter, the wait and the frame are one round trip: each round trip apart let the renderer paint a frame
 * of its own in between, which costs more than the trip itself in software rendering.
 */
export async function resize(page: Page, width: number, gutter = 0): Promise<void> {
  await page.setViewportSize({ width, height: 900 })
  await page.evaluate(
    ([expected, padding, waitMs]) => {
      document.documentElement.style.setProperty('padding-right', padding ? `${padding}px` : null)
      const caughtUp = () => window.innerWidth === expected && window.matchMedia(`(width: ${expected}px)`).matches
      // Two frames once the width is there: what the page does in answer (resize observers, media listeners) has run.
      // A wait that never ends says what the page showed instead of running into the test's timeout (once, a run
      // stopped at 120 s on an evaluation in the sweep with no more said).
      return new Promise<void>((resolve, reject) => {
        let frames = 0
        const giveUp = setTimeout(
          () => reject(new Error(`resize to ${expected} px: after ${waitMs} ms, ${frames} frames, the page is ${window.innerWidth} px wide (${document.visibilityState})`)),
          waitMs,
        )
        const frame = () =>
          requestAnimationFrame(() => {
            frames++
            if (!caughtUp()) return frame()
            requestAnimationFrame(() => {
              clearTimeout(giveUp)
              resolve()
            })
          })
        frame()
      })
    },
    [width, gutter, PAGE_WAIT_MS] as const,
  )
}

/** Waits for the page's fonts; a wait that never ends names the faces not loaded instead of running into the test's timeout. */
export async function fontsReady(page: Page): Promise<void> {
  await page.evaluate(
    (waitMs) =>
      new Promise<void>((resolve, reject) => {
        const pending = () => [...document.fonts].filter((face) => face.status !== 'loaded').map((face) => `${face.family} ${face.status}`)
        const giveUp = setTimeout(() => reject(new Error(`fonts not ready after ${waitMs} ms: ${pending().join(', ')}`)), waitMs)
        void document.fonts.ready.then(() => {
          clearTimeout(giveUp)
          resolve()
        })
      }),
    PAGE_WAIT_MS,
  )
}

export interface LayoutReport {
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
export function measureLayout(page: Page): Promise<LayoutReport> {
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
    // Each parent's box and display, read once for all its children.
    const parents = new Map<Element, { box: DOMRect; flows: boolean }>()
    const parentOf = (element: Element) => {
      const parent = element.parentElement!
      let known = parents.get(parent)
      if (!known) {
        const display = getComputedStyle(parent).display
        known = { box: rect(parent), flows: display !== 'inline' && display !== 'contents' }
        parents.set(parent, known)
      }
      return known
    }
    const sticking: string[] = []
    for (const element of document.querySelectorAll('body *')) {
      if (element.closest('svg, .visually-hidden, .honeypot, .skip-link, [hidden]') && element.tagName !== 'svg') continue
      const box = rect(element)
      if (box.width === 0 || box.height === 0 || clipped(element)) continue
      const { box: parentBox, flows } = parentOf(element)
      const outOfViewport = box.left < -1 || box.right > width + 1
      const outOfParent = flows && (box.left < parentBox.left - 1 || box.right > parentBox.right + 1)
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
