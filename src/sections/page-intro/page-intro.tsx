import type { z } from 'zod'
import type { pageIntro } from '#src/content-schema/page-schemas'

export type PageIntroContent = z.output<typeof pageIntro>

/** A page's heading and its lead paragraph. */
export function PageIntro({ eyebrow, heading, lead }: PageIntroContent) {
  return (
    <header className="page-intro container">
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h1>{heading}</h1>
      <p className="lead">{lead}</p>
    </header>
  )
}
