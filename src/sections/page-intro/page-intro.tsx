export interface PageIntroContent {
  eyebrow?: string
  heading: string
  lead: string
}

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
