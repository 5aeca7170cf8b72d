interface MarkdownProps {
  /**
   * HTML the build rendered from Markdown and sanitized (`renderMarkdown`, scripts/content.mjs). It is a build
   * output like the page and its scripts, so it is shown as is: sanitizing it again would cost every visitor
   * DOMPurify's download and run for nothing a tampered payload could not also do to the bundle, and the CSP
   * still runs no script it might carry (docs/decisions/062-build-html-shown-as-built.md).
   */
  html: string
  className?: string
}

export function Markdown({ html, className = 'prose' }: MarkdownProps) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />
}
