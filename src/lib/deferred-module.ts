import type { FulfilledReactPromise, PendingReactPromise } from 'react'

/**
 * Code the first load of a page leaves out because nothing needs it before the visitor acts: the parts
 * below the fold (src/components/ui/hydrate-when-visible.tsx), what only a navigation needs. Every
 * navigation brings all of it with the route's chunk, so a page rendered in the browser arrives whole and
 * a navigation never waits on it twice (docs/decisions/037-main-thread-against-the-floor.md).
 */

/**
 * A promise that carries its state the way React's `use` reads it: once fulfilled, its value can be read
 * synchronously, by React or by code running inside an event.
 */
export type Gate<T> = PendingReactPromise<T> | FulfilledReactPromise<T>

function gateOf<T>(promise: Promise<T>): Gate<T> {
  const gate: Gate<T> = Object.assign(promise, { status: 'pending' as const })
  promise.then(
    (value) => Object.assign(gate, { status: 'fulfilled', value }),
    () => {},
  )
  return gate
}

export function openGate<T>(value: T): Gate<T> {
  return Object.assign(Promise.resolve(value), { status: 'fulfilled' as const, value })
}

export interface DeferredModule<T> {
  /** Fetches the module once; a failed fetch (offline, a build replaced) is tried again by the next call. */
  load(): Gate<T>
}

const deferredModules = new Set<DeferredModule<unknown>>()

/** Declares deferred code (`() => import('./…')`); called once, at a module's top level. */
export function deferredModule<T>(importModule: () => Promise<T>): DeferredModule<T> {
  let gate: Gate<T> | undefined
  const module: DeferredModule<T> = {
    load() {
      if (!gate) {
        const loading = importModule()
        loading.catch(() => (gate = undefined))
        gate = gateOf(loading)
      }
      return gate
    },
  }
  deferredModules.add(module)
  return module
}

/** True while the boot loads the route of the page it is about to hydrate. */
let firstRouteLoad = false

/**
 * Loads every deferred module declared so far: the prerender renders with all of them, and each route's
 * chunk comes with them. Only the boot's first load of the prerendered page's route leaves them out.
 */
export function loadDeferredModules(): Promise<unknown> {
  if (firstRouteLoad) return Promise.resolve()
  return Promise.all([...deferredModules].map((module) => module.load()))
}

/** Runs the boot's first load of the route, without the deferred modules. */
export async function loadFirstRoute(load: () => Promise<void>): Promise<void> {
  firstRouteLoad = true
  try {
    await load()
  } finally {
    firstRouteLoad = false
  }
}
