import { ActionLink } from '#src/components/ui/action-link'
import { FigureList } from '#src/sections/page-sections/figure-list'
import { SectionHeader } from '#src/sections/page-sections/section-header'
import type { ProofSection } from '#src/sections/page-sections/section-types'
import './customer-proof.css'

/** Averages over all campaigns, then named customers with one figure and their own words each (the cases live on /cas-clients). */
export function CustomerProof({ id, eyebrow, title, intro, figures, casesIntro, items, link }: ProofSection) {
  return (
    <section className="section" aria-labelledby={`${id}-title`} id={id}>
      <div className="container">
        <SectionHeader id={id} eyebrow={eyebrow} title={title} intro={intro} />
        {figures?.length ? <FigureList items={figures} /> : null}
        {casesIntro ? <p className="proof__intro">{casesIntro}</p> : null}
        <ul data-keyboard-scrollable="" suppressHydrationWarning className="proof phone-scroller" aria-labelledby={`${id}-title`}>
          {items.map((item) => (
            <li key={item.id} className="proof__item">
              <p className="proof__figure">
                <strong>{item.figure.value}</strong> {item.figure.label}
              </p>
              <figure className="proof__quote">
                <blockquote>
                  <p>{item.quote.text}</p>
                </blockquote>
                <figcaption>
                  {item.quote.author}
                  <cite>{item.client}</cite>
                  {item.sector}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        <p className="proof__more">
          <ActionLink link={link} className="button button--secondary" />
        </p>
      </div>
    </section>
  )
}
