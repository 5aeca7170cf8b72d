import { marked } from 'marked'
import { sanitizeHtml } from './sanitize-html'

/** Markdown to sanitized HTML: the one renderer for content and generated text. */
export function renderMarkdown(source: string): string {
  return sanitizeHtml(marked.parse(source, { async: false, gfm: true, breaks: false }))
}
