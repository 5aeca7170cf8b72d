import { sanitizeHtml } from '#src/lib/sanitize-html'

interface MarkdownProps {
  /** HTML rendered from Markdown by the build or by the generator; sanitized again here, whatever its source. */
  html: string
  className?: string
}

export function Markdown({ html, className = 'prose' }: MarkdownProps) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />
}
