import { Suspense, use, useId, type ReactNode } from 'react'
import { openGate, type DeferredModule, type Gate } from '#src/lib/deferred-module'
import { observeSeen } from '#src/lib/observe-seen'

/**
 * Below-the-fold content that React adopts only once the visitor gets to it: the prerendered HTML is on
 * screen from the start and never changes, but its hydration, and the code it needs, leave the boot, so the
 * page is idle sooner and loads less (docs/decisions/037-main-thread-against-the-floor.md).
 *
 * React hydrates a Suspense boundary whose content suspends later, when the promise resolves, and leaves
 * its server HTML in place meanwhile. A boundary opens when it comes into view, when the visitor points at,
 * touches, focuses, types in or clicks it, and when the app navigates. Those events are seen on `window`
 * before React sees them at its root, so React hydrates the boundary at once and hands the event to its
 * handlers. A click that comes before the boundary's code is held, then given again once the code is
 * there: nothing the visitor does is lost.
 *
 * React hydrates the page first and its Suspense boundaries in later passes of low priority: for a moment
 * after the page is ready, a prerendered boundary has no gate yet. Each one is registered from the DOM as
 * the hydration starts, so that a click there is held too (React, asked at once, would find no code and let
 * the browser load the link as a new page); the boundary opens as soon as React reaches it.
 */

/** Attribute of the wrapper that shows where a boundary's content is; `display: contents` in the stylesheet. */
const WRAPPER_ATTRIBUTE = 'data-hydrate-when-visible'
const INTERACTIONS = ['pointerdown', 'touchstart', 'focusin', 'keydown', 'input', 'click'] as const

interface Waiting {
  open(): void
  /** Opened, with its code: React can hydrate the boundary now. */
  ready: boolean
  /** False while React has not rendered the boundary yet: opening it then only asks for it. */
  reached: boolean
  /** Asked for before React reached it: it opens as soon as React does. */
  requested: boolean
  /** The prerendered element that shows where the boundary's content is, its key in `waiting`. */
  wrapper: Element
}

/**
 * How long a click held in a boundary React has not reached yet waits for it. React gets there within a
 * few passes; one that never comes (the page replaced meanwhile) must not keep the click for ever.
 */
const REACT_WAIT_MS = 5_000

/** A click made before the code of the boundaries around its target was there; given again once it all is. */
interface HeldClick {
  /** Any element, an icon's SVG inside a link or a button included. */
  target: Element
  until: Set<Waiting>
}

let deferring = false
const gates = new Map<string, Gate<unknown>>()
/** Wrapper → its boundary, while it waits for the visitor. */
const waiting = new Map<Element, Waiting>()
const heldClicks: HeldClick[] = []

function openOnInteraction(event: Event): void {
  const target = event.target
  if (!(target instanceof Node)) return
  const around = [...waiting].filter(([wrapper]) => wrapper.contains(target)).map(([, boundary]) => boundary)
  for (const boundary of around) boundary.open()
  // Without their code React could not hydrate the boundaries now, and would drop the click: it is held.
  // A click with a modifier (a link opened in a new tab or window) is left to the browser, which needs no
  // code for it and would lose the modifier on a click given again.
  const unready = around.filter((boundary) => !boundary.ready)
  const modified = event instanceof MouseEvent && (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey)
  if (event.type === 'click' && !modified && unready.length && target instanceof Element) {
    event.preventDefault()
    event.stopPropagation()
    const click = { target, until: new Set(unready) }
    heldClicks.push(click)
    if (unready.some((boundary) => !boundary.reached)) setTimeout(() => stopWaitingForReact(click), REACT_WAIT_MS)
  }
}

/** The way out of a click still held by a boundary React never rendered: its prerendered content answers it. */
function stopWaitingForReact(click: HeldClick): void {
  for (const boundary of click.until) {
    if (boundary.reached) continue
    waiting.delete(boundary.wrapper)
    release(boundary)
  }
}

/** Marks a boundary as done waiting and gives back the clicks nothing holds any more. */
function release(boundary: Waiting): void {
  boundary.ready = true
  for (const [index, click] of [...heldClicks.entries()].reverse()) {
    click.until.delete(boundary)
    if (click.until.size) continue
    heldClicks.splice(index, 1)
    // React hydrates the boundaries synchronously as the click reaches them, then hands it to its handlers.
    // Had the code failed to load, the click does what the prerendered element does alone (a link leads on).
    // Given in a task of its own: a boundary can open while React renders it, which no event may interrupt.
    // Dispatched rather than `click()`, which an SVG element lacks; a link around it still leads on.
    setTimeout(() => {
      if (click.target.isConnected) click.target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, view: window }))
    })
  }
}

/** A prerendered boundary React has not rendered yet; its gate takes it over (`createGate`). */
function awaitingReact(wrapper: Element): Waiting {
  return {
    wrapper,
    ready: false,
    reached: false,
    requested: false,
    open() {
      this.requested = true
    },
  }
}

/**
 * Called by the boot just before it hydrates the prerendered page: from then on, the boundaries hydrating
 * for the first time wait for the visitor. Prerendering and client renders never wait.
 */
export function deferHydrationUntilVisible(): void {
  if (deferring) return
  deferring = true
  for (const wrapper of document.querySelectorAll(`[${WRAPPER_ATTRIBUTE}]`)) waiting.set(wrapper, awaitingReact(wrapper))
  for (const type of INTERACTIONS) window.addEventListener(type, openOnInteraction, { capture: true, passive: type !== 'click' })
}

/** Opens every boundary still waiting: after a navigation, the page's state must reach all of it. */
export function hydrateEverything(): void {
  for (const boundary of [...waiting.values()]) boundary.open()
}

/** The gate of a prerendered boundary, or undefined when the boundary is rendered in the browser. */
function createGate<T>(id: string, module: DeferredModule<T> | undefined, uncovered: boolean): Gate<T | undefined> | undefined {
  const found = document.querySelector(`[${WRAPPER_ATTRIBUTE}="${CSS.escape(id)}"]`)
  if (!found) return undefined
  const wrapper: Element = found
  let resolve: (value: T | undefined) => void = () => {}
  const gate: Gate<T | undefined> = Object.assign(new Promise<T | undefined>((settle) => (resolve = settle)), { status: 'pending' as const })
  const early = waiting.get(wrapper)
  const boundary: Waiting = Object.assign(early ?? { requested: false, wrapper }, { open, ready: false, reached: true })
  let opened = false
  let stopObserving = () => {}

  function open() {
    if (opened) return
    opened = true
    stopObserving()
    const code = module ? module.load() : openGate(undefined)
    // Code already here: the gate opens at once, within the event that opened it.
    if (code.status === 'fulfilled') adopt(code.value)
    else code.then(adopt, giveUp)
  }
  function adopt(value: T | undefined) {
    Object.assign(gate, { status: 'fulfilled', value })
    resolve(value)
    waiting.delete(wrapper)
    release(boundary)
  }
  function giveUp() {
    // No code, no hydration: the prerendered content stays, and its links still lead where they say.
    waiting.delete(wrapper)
    release(boundary)
  }

  waiting.set(wrapper, boundary)
  // The visitor got there before the app did (a field typed in, a form sent, a click): no need to wait for the view,
  // which the router's scroll restoration may have moved away meanwhile.
  if (boundary.requested || (document.activeElement && wrapper.contains(document.activeElement))) open()
  // The wrapper draws no box of its own: what it contains is what comes into view.
  else stopObserving = observeSeen(wrapper.children, open, { uncovered })
  return gate
}

interface GateProps<T> {
  id: string
  module: DeferredModule<T> | undefined
  uncovered: boolean
  render: (module: T | undefined) => ReactNode
}

/** Suspends while its prerendered boundary waits for the visitor, or while its code loads. */
function VisibilityGate<T>({ id, module, uncovered, render }: GateProps<T>) {
  if (deferring) {
    let gate = gates.get(id) as Gate<T | undefined> | undefined
    if (!gate) {
      gate = createGate(id, module, uncovered)
      if (gate) gates.set(id, gate)
    }
    if (gate) return render(use(gate))
  }
  return render(module ? use(module.load()) : undefined)
}

type HydrateWhenVisibleProps<T> = (
  | { module?: undefined; children: ReactNode }
  /** Content whose code is split from the first load: `children` renders it from the loaded module. */
  | { module: DeferredModule<T>; children: (module: T) => ReactNode }
) & {
  /** Waits, where the browser can tell, until nothing is drawn over the content either (the consent banner). */
  uncovered?: boolean
}

export function HydrateWhenVisible<T>(props: HydrateWhenVisibleProps<T>) {
  const id = useId()
  const render = (module: T | undefined) => (props.module ? props.children(module as T) : props.children)
  return (
    <div {...{ [WRAPPER_ATTRIBUTE]: id }}>
      <Suspense>
        <VisibilityGate id={id} module={props.module} uncovered={props.uncovered ?? false} render={render} />
      </Suspense>
    </div>
  )
}
