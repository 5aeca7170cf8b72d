/** The heading block of a section; `${id}-title` labels the section. */
export function SectionHeader({ id, eyebrow, title, intro }: { id: string; eyebrow?: string; title: string; intro?: string }) {
  return (
    <header className="section__header">
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h2 id={`${id}-title`}>{title}</h2>
      {intro ? <p className="section__intro">{intro}</p> : null}
    </header>
  )
}
