import createDOMPurify, { type Config, type DOMPurify, type WindowLike } from 'dompurify'

let purifier: DOMPurify | undefined

const CONFIG: Config = {
  // A leading <style> would otherwise be parsed into <head> and silently dropped or kept inconsistently.
  FORCE_BODY: true,
  ADD_ATTR: ['target'],
  // The site's CSP forbids inline styles: they would only produce violations, and they enable UI redressing.
  FORBID_TAGS: ['style'],
  FORBID_ATTR: ['style'],
}

function createPurifier(window: WindowLike): DOMPurify {
  const instance = createDOMPurify(window)
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer')
  })
  return instance
}

/** The prerender (Node) has no DOM: it hands a jsdom window to the sanitizer before rendering. */
export function setSanitizerWindow(window: WindowLike): void {
  purifier = createPurifier(window)
}

/** Every HTML string shown by the site goes through here, whatever its source. */
export function sanitizeHtml(html: string): string {
  purifier ??= createPurifier(window)
  return purifier.sanitize(html, CONFIG)
}
