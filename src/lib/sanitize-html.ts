import createDOMPurify, { type Config, type DOMPurify, type WindowLike } from 'dompurify'

let purifier: DOMPurify | undefined
let htmlDocument: Document | undefined

const CONFIG: Config = {
  // A leading <style> would otherwise be parsed into <head> and silently dropped or kept inconsistently.
  FORCE_BODY: true,
  ADD_ATTR: ['target'],
  // The site's CSP forbids inline styles: they would only produce violations, and they enable UI redressing.
  FORBID_TAGS: ['style'],
  FORBID_ATTR: ['style'],
  // markdown-it's validateLink, for raw HTML too: every scheme but script-like, file and data ones stays a link
  // (DOMPurify's own list would drop skype:, geo:, whatsapp:…). data: images stay allowed on media elements.
  ALLOWED_URI_REGEXP: /^(?![\w+.-]*script:|file:|data:)/i,
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
  htmlDocument = window.document
}

/** Every HTML string the build renders goes through here; the browser shows only HTML sanitized by the build. */
export function sanitizeHtml(html: string): string {
  purifier ??= createPurifier(window)
  return purifier.sanitize(html, CONFIG)
}

/**
 * Decodes the character references of `text` as the HTML parser does (all of HTML's named references,
 * without shipping their table). It is parsed as the content of a detached textarea: text only, never markup.
 */
export function decodeHtmlText(text: string): string {
  htmlDocument ??= window.document
  const textarea = htmlDocument.createElement('textarea')
  textarea.innerHTML = text
  return textarea.value
}
