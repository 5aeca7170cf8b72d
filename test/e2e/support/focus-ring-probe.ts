import type { Page } from 'playwright-core'
import { pressTabs } from './keyboard'

/** Tab stops followed on one page before giving up on seeing focus come back round. */
const MAX_STOPS = 300
/** Tab presses between two looks at whether focus has come back round. */
const TAB_BATCH = 20

export interface RingReport {
  /** The focused element has been seen before, or lies outside the part of the page under test: the walk is over. */
  seen: boolean
  element: string
  offenders: string[]
}

/*
 * Runs in the page on the focused element. The ring is measured where it is drawn: the colours behind
 * the middle of each of its four sides come from the elements stacked at that point (what is really
 * there: a skip link over the header, a fixed banner over the page), each gradient stop counted, and
 * translucent layers laid over what is beneath them (an inset ring lies on its own element). Points off
 * screen fall back to the ancestors.
 * A field hidden behind its label (a file input) shows its ring on the label.
 */
const INSTALL_RING_PROBE = String.raw`(() => {
  if (window.__measureRing) return
  // Under reduced motion every property transitions for 0.01 ms, the outline too: the probe reads the ring
  // where it ends, at once.
  // A constructed sheet, which the site's CSP (no inline style) lets through.
  const still = new CSSStyleSheet()
  still.replaceSync('*, *::before, *::after { transition: none !important; animation: none !important }')
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, still]
  window.__ringReports = []
  // Measured when the Tab key comes back up: focus has moved and the page has scrolled to it, so the
  // presses can come in a burst.
  document.addEventListener('keyup', (event) => {
    if (event.key !== 'Tab' || window.__ringWalkOver) return
    const report = measure()
    window.__ringReports.push(report)
    if (report.seen && window.__ringWalking) window.__ringWalkOver = true
  }, true)
  // Once a walk has come back round, the rest of its burst is swallowed before the page sees it: focus
  // stays put, and the page neither scrolls, measures nor paints again for stops the walk does not count.
  window.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab' || !window.__ringWalkOver) return
    event.preventDefault()
    event.stopImmediatePropagation()
  }, true)
  window.__measureRing = () => measure()
  function measure() {
  const active = document.activeElement
  if (!active || active === document.body) return { seen: false, element: 'body', offenders: [] }
  const scope = window.__ringScope && document.querySelector(window.__ringScope)
  const seen = active.hasAttribute('data-ring-probe') || Boolean(scope && !scope.contains(active))
  active.setAttribute('data-ring-probe', '')
  const describe = (el) => {
    const text = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('name') || '').trim().replace(/\s+/g, ' ').slice(0, 40)
    return el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).join('.') : '') + ' "' + text + '"'
  }
  let el = active
  const box = el.getBoundingClientRect()
  if ((box.width <= 1 || box.height <= 1) && el.labels && el.labels[0]) el = el.labels[0]
  const parse = (value) => {
    const m = value.match(/rgba?\(([\d.]+),?\s*([\d.]+),?\s*([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\)/)
    if (!m) return null
    const alpha = m[4] === undefined ? 1 : m[4].endsWith('%') ? parseFloat(m[4]) / 100 : parseFloat(m[4])
    return { r: +m[1], g: +m[2], b: +m[3], a: alpha }
  }
  const over = (top, under) => ({
    r: top.r * top.a + under.r * (1 - top.a),
    g: top.g * top.a + under.g * (1 - top.a),
    b: top.b * top.a + under.b * (1 - top.a),
    a: 1,
  })
  const WHITE = { r: 255, g: 255, b: 255, a: 1 }
  const surfaces = (stack, i) => {
    if (i >= stack.length) return [WHITE]
    const style = getComputedStyle(stack[i])
    const opacity = parseFloat(style.opacity)
    const below = () => surfaces(stack, i + 1)
    const color = parse(style.backgroundColor) || { r: 0, g: 0, b: 0, a: 0 }
    color.a *= opacity
    const base = color.a >= 1 ? [color] : color.a === 0 ? null : below().map((c) => over(color, c))
    const stops = style.backgroundImage.includes('gradient')
      ? (style.backgroundImage.match(/rgba?\([^)]*\)/g) || []).map(parse).filter(Boolean).map((c) => ({ ...c, a: c.a * opacity }))
      : []
    if (!stops.length) return base || below()
    const under = base || below()
    return stops.flatMap((stop) => (stop.a >= 1 ? [stop] : under.map((c) => over(stop, c))))
  }
  const ancestors = (node) => {
    const list = []
    for (let n = node; n && n.nodeType === 1; n = n.parentElement) list.push(n)
    return list
  }
  const style = getComputedStyle(el)
  const width = parseFloat(style.outlineWidth)
  if (style.outlineStyle === 'none' || !(width > 0)) return { seen, element: describe(active), offenders: [describe(active) + ': no outline (' + style.outlineStyle + ' ' + style.outlineWidth + ')'] }
  const ring = parse(style.outlineColor)
  const offset = parseFloat(style.outlineOffset)
  const rect = el.getBoundingClientRect()
  const reach = offset + width / 2
  // A ring drawn inside the element's box lies on the element's own background.
  const inset = offset + width <= 0
  const points = [
    [rect.left + rect.width / 2, rect.top - reach],
    [rect.left + rect.width / 2, rect.bottom + reach],
    [rect.left - reach, rect.top + rect.height / 2],
    [rect.right + reach, rect.top + rect.height / 2],
  ]
  const found = []
  for (const [x, y] of points) {
    const inView = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight
    const stack = inView
      ? document.elementsFromPoint(x, y).filter((n) => (inset && n === el) || !el.contains(n))
      : ancestors(inset ? el : el.parentElement)
    found.push(...surfaces(stack.length ? stack : ancestors(el.parentElement), 0))
  }
  const channel = (v) => {
    const s = v / 255
    return s <= 0.03928 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4)
  }
  const luminance = (c) => 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)
  const ratio = (a, b) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((p, q) => q - p)
    return (hi + 0.05) / (lo + 0.05)
  }
  const css = (c) => 'rgb(' + [c.r, c.g, c.b].map(Math.round).join(' ') + ')'
  const offenders = []
  for (const surface of found) {
    const r = ratio(ring.a < 1 ? over(ring, surface) : ring, surface)
    const line = describe(active) + ': ring ' + css(ring) + ' on ' + css(surface) + ' = ' + r.toFixed(2) + ':1'
    if (r < 3 && !offenders.includes(line)) offenders.push(line)
  }
  return { seen, element: describe(active), offenders }
  }
})()`

export async function measureRing(page: Page): Promise<RingReport> {
  await page.evaluate(INSTALL_RING_PROBE)
  return (await page.evaluate('window.__measureRing()')) as RingReport
}

/**
 * Presses Tab until focus comes back round (or, given a `scope` selector, leaves that element, starting
 * from it), measuring the ring at every stop; returns the offenders.
 */
export async function tabThrough(page: Page, label: string, scope?: string): Promise<{ offenders: string[]; stops: number }> {
  const offenders = new Set<string>()
  let stops = 0
  await page.evaluate(INSTALL_RING_PROBE)
  await page.evaluate((selector) => {
    // A walk of its own: the stops an earlier walk of this page marked are not yet seen by this one.
    for (const marked of document.querySelectorAll('[data-ring-probe]')) marked.removeAttribute('data-ring-probe')
    Object.assign(window, { __ringReports: [], __ringScope: selector, __ringWalking: true, __ringWalkOver: false })
    if (selector) document.querySelector<HTMLElement>(selector)?.focus({ preventScroll: true })
  }, scope ?? null)
  let reports: RingReport[] = []
  // Counted in presses, not reports: a Tab stop inside a frame reports nothing.
  for (let pressed = 0; pressed < MAX_STOPS; pressed += TAB_BATCH) {
    await pressTabs(page, TAB_BATCH)
    reports = (await page.evaluate('window.__ringReports')) as RingReport[]
    if (reports.some((report) => report.seen)) break
  }
  // Tab moves focus again, as before the walk.
  await page.evaluate('Object.assign(window, { __ringWalking: false, __ringWalkOver: false })')
  for (const report of reports) {
    if (report.seen) break
    if (report.element !== 'body') stops++
    for (const offender of report.offenders) offenders.add(`${label}: ${offender}`)
  }
  return { offenders: [...offenders], stops }
}
