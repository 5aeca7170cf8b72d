import type { Instance, Plugin, Props } from 'tippy.js'

/** The seed's constants (floating-vue in the original): distance 5, show delay 200 ms, hide 150 ms, menus 400 ms. */
export const TOOLTIP_DISTANCE = 5
export const TOOLTIP_SHOW_DELAY_MS = 200
export const TOOLTIP_HIDE_DURATION_MS = 150
export const MENU_HIDE_DELAY_MS = 400
export const TAP_TOLERANCE_PX = 20

/** Escape closes any tooltip (WCAG 1.4.13), wherever the focus is. */
export const hideOnEscape: Plugin = {
  name: 'hideOnEscape',
  defaultValue: true,
  fn(instance: Instance) {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && instance.state.isVisible) instance.hide()
    }
    return {
      onShow: () => document.addEventListener('keydown', onKeyDown),
      onHide: () => document.removeEventListener('keydown', onKeyDown),
    }
  },
}

/**
 * A dropdown open under the pointer while focus is elsewhere: Escape closes it only while the pointer is on
 * it (with focus inside, the disclosure's own handler also returns focus to its button), and focus arriving
 * anywhere outside closes it, since the panel would lie over the focused element.
 */
export const menuLeftAlone: Plugin = {
  name: 'menuLeftAlone',
  defaultValue: true,
  fn(instance: Instance) {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && instance.reference.matches(':hover')) instance.hide()
    }
    const onFocusIn = (event: FocusEvent) => {
      if (!(event.target instanceof Node && instance.reference.contains(event.target))) instance.hide()
    }
    return {
      onShow() {
        document.addEventListener('keydown', onKeyDown)
        document.addEventListener('focusin', onFocusIn)
      },
      onHide() {
        document.removeEventListener('keydown', onKeyDown)
        document.removeEventListener('focusin', onFocusIn)
      },
    }
  },
}

/**
 * A tap outside closes the tooltip only if the finger moved less than 20 px: a longer move is a scroll,
 * which must leave it open. Mouse clicks outside always close it.
 */
export const closeOnOutsideTap: Plugin = {
  name: 'closeOnOutsideTap',
  defaultValue: true,
  fn(instance: Instance) {
    let start: { x: number; y: number } | undefined
    const inside = (target: EventTarget | null) => target instanceof Node && (instance.reference.contains(target) || instance.popper.contains(target))
    const onTouchStart = (event: TouchEvent) => {
      const touch = event.touches[0]
      start = touch && !inside(event.target) ? { x: touch.screenX, y: touch.screenY } : undefined
    }
    const onTouchEnd = (event: TouchEvent) => {
      const touch = event.changedTouches[0]
      if (!start || !touch) return
      const moved = Math.max(Math.abs(touch.screenX - start.x), Math.abs(touch.screenY - start.y))
      start = undefined
      if (moved < TAP_TOLERANCE_PX) instance.hide()
    }
    const onMouseDown = (event: MouseEvent) => {
      if (!inside(event.target)) instance.hide()
    }
    return {
      onShow() {
        document.addEventListener('touchstart', onTouchStart, { passive: true })
        document.addEventListener('touchend', onTouchEnd, { passive: true })
        document.addEventListener('mousedown', onMouseDown)
      },
      onHide() {
        document.removeEventListener('touchstart', onTouchStart)
        document.removeEventListener('touchend', onTouchEnd)
        document.removeEventListener('mousedown', onMouseDown)
      },
    }
  },
}

/**
 * Info tooltips open on hover, focus, tap and click. A tap opens at once (a long press would hide the
 * answer from most phone users); see docs/decisions/005-tooltips.md.
 */
export const INFO_TOOLTIP_PROPS: Partial<Props> = {
  placement: 'top',
  offset: [0, TOOLTIP_DISTANCE],
  delay: [TOOLTIP_SHOW_DELAY_MS, 0],
  duration: [TOOLTIP_HIDE_DURATION_MS, TOOLTIP_HIDE_DURATION_MS],
  trigger: 'mouseenter focus click',
  touch: true,
  // A click on the trigger only ever opens it; outside clicks, Escape, blur and mouse leave close it.
  hideOnClick: false,
  interactive: false,
  allowHTML: false,
  aria: { content: 'describedby', expanded: false },
  maxWidth: 320,
  // Inside the main landmark, so assistive technologies find the text where the trigger is.
  appendTo: (reference) => reference.closest('main') ?? document.body,
  zIndex: 1000,
  plugins: [hideOnEscape, closeOnOutsideTap],
}

/**
 * Header dropdowns (docs/decisions/022-header-dropdowns.md): hovering opens after the 200 ms show delay and
 * the panel stays open while the pointer travels into it, then closes 400 ms after it leaves. Clicks, taps
 * and keys are the disclosure button's own; the panel is the page's markup, positioned below its item.
 */
export const MENU_TOOLTIP_PROPS: Partial<Props> = {
  placement: 'bottom-start',
  offset: [0, TOOLTIP_DISTANCE],
  delay: [TOOLTIP_SHOW_DELAY_MS, MENU_HIDE_DELAY_MS],
  trigger: 'mouseenter',
  interactive: true,
  interactiveBorder: 8,
  hideOnClick: false,
  // After a tap tippy shows at once (no hover delay on touch), and the button's click finds it open.
  touch: true,
  animation: false,
  // The disclosure button carries aria-expanded and aria-controls itself.
  aria: { content: null, expanded: false },
  appendTo: 'parent',
  zIndex: 60,
  plugins: [menuLeftAlone, closeOnOutsideTap],
}
