/**
 * Submissions of the newsletter forms, caught from the moment the entry script runs: a visitor may press
 * Enter in the prerendered form before the app has hydrated it. One capturing listener sees every submit,
 * holds those no form listens to yet and hands each to its form, exactly once, when the form starts
 * listening (docs/decisions/011-newsletter-form-keeps-its-input.md).
 */
export const NEWSLETTER_FORM_ATTRIBUTE = 'data-newsletter-form'

const listeners = new WeakMap<HTMLFormElement, () => void>()
const held = new WeakSet<HTMLFormElement>()
let catching = false

function onSubmit(event: SubmitEvent): void {
  const form = event.target
  if (!(form instanceof HTMLFormElement) || !form.hasAttribute(NEWSLETTER_FORM_ATTRIBUTE)) return
  // The form's method="dialog" already keeps the browser from navigating; this covers any other markup.
  event.preventDefault()
  const listener = listeners.get(form)
  if (listener) listener()
  else held.add(form)
}

/** Called by the entry script, before the app loads; idempotent. */
export function catchNewsletterSubmits(): void {
  if (catching) return
  catching = true
  document.addEventListener('submit', onSubmit, true)
}

/** Calls `listener` for each submit of `form`, at once for one held before; returns the unsubscribe. */
export function listenToNewsletterSubmits(form: HTMLFormElement, listener: () => void): () => void {
  catchNewsletterSubmits()
  listeners.set(form, listener)
  if (held.delete(form)) listener()
  return () => {
    if (listeners.get(form) === listener) listeners.delete(form)
  }
}
