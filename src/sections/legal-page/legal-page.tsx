import { Markdown } from '#src/components/ui/markdown'
import { usePagePayload } from '#src/lib/payload'
import { PageIntro, type PageIntroContent } from '#src/sections/page-intro/page-intro'

interface LegalContent extends PageIntroContent {
  /** Rendered at build time from content/pages/<page>.md. */
  bodyHtml: string
}

/** Terms, privacy, cookies, legal notice: a heading, a lead and the Markdown text of the page. */
export function LegalPage({ path }: { path: string }) {
  const { page } = usePagePayload<LegalContent>(path)
  return (
    <article>
      <PageIntro {...page} />
      <div className="container">
        <Markdown html={page.bodyHtml} />
      </div>
    </article>
  )
}
