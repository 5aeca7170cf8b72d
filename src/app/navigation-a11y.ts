import type { AnyRouter } from '@tanstack/react-router'
import { t } from '#src/lib/i18n'

export const ROUTE_ANNOUNCER_ID = 'route-announcer'

/**
 * The element that had focus in a history entry is found again by what it is (tag, link target, id, text) and
 * its rank among the page's elements alike. Not by its place in the Tab order: on a page rendered again, a list
 * that scrolls sideways gets its `tabindex` only once laid out, after the frame that restores focus.
 */
const identityOf = (element: Element) => `${element.getAttribute('href')}|${element.id}|${element.textContent}`
const elementsAlike = (tagName: string, identity: string) => [...document.getElementsByTagName(tagName)].filter((element) => identityOf(element) === identity)

/** The first heading inside the viewport (a new page's h1, scrolled to the top), or the main landmark. */
const headingInView = () =>
  [...document.querySelectorAll<HTMLElement>('#main :is(h1,h2,h3)')].find((heading) => {
    const { top, bottom } = heading.getBoundingClientRect()
    return top >= 0 && bottom <= innerHeight
  }) ?? document.getElementById('main')

/**
 * After a client navigation to another page, moves focus and announces the new title, as a full page load
 * would for screen reader users. Back and Forward restore the scroll, so focus returns, without scrolling,
 * to the element the visitor left that entry from (the link they followed); otherwise it goes to the first
 * heading in view, which on a new page is its h1. Hash targets keep the browser's own focus.
 */
export function installNavigationA11y(router: AnyRouter): void {
  // By history entry, not by path: two visits of one page in the history keep their own places.
  const marks = new Map<unknown, () => Element | undefined>()
  let leftFrom: Element | null = null
  router.subscribe('onBeforeNavigate', ({ fromLocation }) => {
    // The router records where the page was scrolled, for Back, only if it saw a scroll event since its last
    // render; the browser dispatches that event at its next frame. A link reached and followed before that
    // frame (Tab then Enter on a busy phone) would bring Back to the top of the page: the router is told now.
    if (scrollX !== 0 || scrollY !== 0) document.dispatchEvent(new Event('scroll'))
    const active = document.activeElement
    leftFrom = active
    if (fromLocation && active && active !== document.body) {
      const { tagName } = active
      const identity = identityOf(active)
      const rank = elementsAlike(tagName, identity).indexOf(active)
      marks.set(fromLocation.state.__TSR_key, () => elementsAlike(tagName, identity)[rank])
    }
  })
  router.subscribe('onRendered', ({ fromLocation, toLocation, pathChanged }) => {
    if (!fromLocation || !pathChanged) return
    requestAnimationFrame(() => {
      // The visitor already went on into the new page (a field clicked and typed in): focus stays theirs.
      const active = document.activeElement
      const visitorMovedOn = active !== null && active !== leftFrom && active.closest('#main') !== null
      if (!toLocation.hash && !visitorMovedOn) {
        const left = marks.get(toLocation.state.__TSR_key)?.() as HTMLElement | undefined
        const target = left ?? headingInView()
        if (target) {
          // A heading becomes focusable by script only; a link or a field keeps its place in the Tab order.
          if (target.tabIndex < 0) target.tabIndex = -1
          target.focus({ preventScroll: true })
        }
        // The restored scroll put the element where it was, give or take a layout that moved by a fraction
        // of a pixel or a list scrolled sideways back to its start: the least scroll that shows it whole,
        // as the browser's own focus would, and none when it is.
        left?.scrollIntoView({ block: 'nearest', inline: 'nearest' })
      }
      const announcer = document.getElementById(ROUTE_ANNOUNCER_ID)
      if (announcer) announcer.textContent = t('a11y.pageLoaded', { title: document.title })
    })
  })
}
