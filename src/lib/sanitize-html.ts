import createDOMPurify, { type DOMPurify, type WindowLike } from 'dompurify'

let purifier: DOMPurify | undefined

/** The prerender (Node) has no DOM: it hands a jsdom window to the sanitizer before rendering. */
export function setSanitizerWindow(window: WindowLike): void {
  purifier = createDOMPurify(window)
}

function getPurifier(): DOMPurify {
  purifier ??= createDOMPurify(window)
  return purifier
}

/** Every HTML string shown by the site goes through here, whatever its source. */
export function sanitizeHtml(html: string): string {
  return getPurifier().sanitize(html, { FORCE_BODY: true, ADD_ATTR: ['target'] })
}
