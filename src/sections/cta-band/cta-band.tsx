import { ActionLink, type ActionLinkContent } from '#src/components/ui/action-link'
import './cta-band.css'

export interface CtaBandContent {
  title: string
  text: string
  primary: ActionLinkContent
  secondary?: ActionLinkContent
}

/** The closing call to action of a page. */
export function CtaBand({ title, text, primary, secondary }: CtaBandContent) {
  return (
    <section className="cta-band" aria-labelledby="cta-band-title">
      <div className="cta-band__inner container">
        <h2 id="cta-band-title">{title}</h2>
        <p>{text}</p>
        <div className="cta-band__actions">
          <ActionLink link={primary} className="button button--primary" />
          {secondary ? <ActionLink link={secondary} className="button button--on-dark" /> : null}
        </div>
      </div>
    </section>
  )
}
