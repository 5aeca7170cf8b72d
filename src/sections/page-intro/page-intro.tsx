import { Markdown } from '#src/components/ui/markdown'

export interface PageIntroContent {
  eyebrow?: string
  heading: string
  lead: string
  bodyHtml?: string
}

/** A page's heading, its lead paragraph and, when the page has one, its Markdown body. */
export function PageIntro({ eyebrow, heading, lead, bodyHtml }: PageIntroContent) {
  return (
    <article className="page-intro container">
      <header className="page-intro__header">
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h1>{heading}</h1>
        <p className="lead">{lead}</p>
      </header>
      {bodyHtml ? <Markdown html={bodyHtml} /> : null}
    </article>
  )
}
