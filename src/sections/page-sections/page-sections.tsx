import type { ReactNode } from 'react'
import { ActionLink } from '#src/components/ui/action-link'
import { HydrateWhenVisible } from '#src/components/ui/hydrate-when-visible'
import { deferredModule } from '#src/lib/deferred-module'
import type { HeroSection, PageSection, SlotName } from './section-types'
import { useKeyboardScrollables } from './use-keyboard-scrollable'
import './page-sections.css'

const sectionViews = deferredModule(() => import('./section-views'))

function Hero({ eyebrow, heading, lead, actions, figures, image, visual }: HeroSection & { visual?: ReactNode }) {
  return (
    <section className="hero">
      <div className="hero__inner container">
        <div className="hero__text">
          {eyebrow ? <p className="eyebrow hero__eyebrow">{eyebrow}</p> : null}
          <h1>{heading}</h1>
          <p className="lead hero__lead">{lead}</p>
          {actions?.length ? (
            <div className="hero__actions">
              {actions.map((action, index) => (
                <ActionLink key={action.href} link={action} className={`button ${index === 0 ? 'button--primary' : 'button--on-dark'}`} />
              ))}
            </div>
          ) : null}
          {figures?.length ? (
            <dl className="hero__figures">
              {figures.map((figure) => (
                <div key={figure.label}>
                  <dt>{figure.label}</dt>
                  <dd>{figure.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </div>
        {visual ? <div className="hero__visual">{visual}</div> : null}
        {!visual && image ? <img className="hero__image" src={image.src} width={image.width} height={image.height} alt="" fetchPriority="high" /> : null}
      </div>
    </section>
  )
}

interface PageSectionsProps {
  sections: PageSection[]
  /** Blocks the route owns (forms, embedded media), placed where the content asks for them. */
  slots?: Partial<Record<SlotName, ReactNode>>
}

/**
 * A page assembled from content/: the order, the copy and the figures all come from its payload. The hero
 * fills the first screen and is part of the first load; React adopts each other section, with its code,
 * as the visitor reaches it.
 */
export function PageSections({ sections, slots = {} }: PageSectionsProps) {
  useKeyboardScrollables(sections)
  return (
    <>
      {sections.map((section, index) => {
        if (section.type === 'hero') return <Hero key={index} {...section} visual={section.slot ? slots[section.slot] : undefined} />
        return (
          <HydrateWhenVisible key={'id' in section && section.id ? section.id : index} module={sectionViews}>
            {({ SectionView }) => <SectionView section={section} slots={slots} />}
          </HydrateWhenVisible>
        )
      })}
    </>
  )
}
