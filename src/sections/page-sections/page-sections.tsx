import type { ReactNode } from 'react'
import { ActionLink } from '#src/components/ui/action-link'
import { CtaBand } from '#src/sections/cta-band/cta-band'
import { FaqList } from '#src/sections/faq/faq-list'
import { t } from '#src/lib/i18n'
import { SiteError } from '#src/lib/site-error'
import type { CardsSection, CasesSection, FiguresSection, HeroSection, PageSection, SlotSection, StepsSection, TextSection } from './section-types'
import './page-sections.css'

function SectionHeader({ id, eyebrow, title, intro }: { id: string; eyebrow?: string; title: string; intro?: string }) {
  return (
    <header className="section__header">
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h2 id={`${id}-title`}>{title}</h2>
      {intro ? <p className="section__intro">{intro}</p> : null}
    </header>
  )
}

function Hero({ eyebrow, heading, lead, actions, figures, image }: HeroSection) {
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
        {image ? <img className="hero__image" src={image.src} width={image.width} height={image.height} alt="" fetchPriority="high" /> : null}
      </div>
    </section>
  )
}

function Cards({ id, eyebrow, title, intro, columns = 3, items }: CardsSection) {
  return (
    <section className="section container" aria-labelledby={`${id}-title`} id={id}>
      <SectionHeader id={id} eyebrow={eyebrow} title={title} intro={intro} />
      <ul className={`cards cards--${columns}`}>
        {items.map((item) => (
          <li key={item.title} className="card">
            {item.tag ? <p className="card__tag">{item.tag}</p> : null}
            <h3 className="card__title">{item.title}</h3>
            <p>{item.text}</p>
            {item.link ? <ActionLink link={item.link} className="card__link" /> : null}
          </li>
        ))}
      </ul>
    </section>
  )
}

function Steps({ id, title, intro, items }: StepsSection) {
  return (
    <section className="section section--tinted" aria-labelledby={`${id}-title`} id={id}>
      <div className="container">
        <SectionHeader id={id} title={title} intro={intro} />
        <ol className="steps">
          {items.map((item) => (
            <li key={item.title} className="step">
              <h3 className="step__title">{item.title}</h3>
              <p>{item.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}

function Figures({ id, title, intro, items }: FiguresSection) {
  return (
    <section className="section container" aria-labelledby={`${id}-title`} id={id}>
      <SectionHeader id={id} title={title} intro={intro} />
      <dl className="figures">
        {items.map((item) => (
          <div key={item.label} className="figure">
            <dt>{item.label}</dt>
            <dd>{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

function Text({ id, eyebrow, title, paragraphs, bullets, actions }: TextSection) {
  return (
    <section className="section container section--text" aria-labelledby={`${id}-title`} id={id}>
      <SectionHeader id={id} eyebrow={eyebrow} title={title} />
      {paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {bullets?.length ? (
        <ul className="checklist">
          {bullets.map((bullet) => (
            <li key={bullet}>{bullet}</li>
          ))}
        </ul>
      ) : null}
      {actions?.length ? (
        <div className="section__actions">
          {actions.map((action, index) => (
            <ActionLink key={action.href} link={action} className={`button ${index === 0 ? 'button--primary' : 'button--secondary'}`} />
          ))}
        </div>
      ) : null}
    </section>
  )
}

function Cases({ id, title, intro, items }: CasesSection) {
  return (
    <section className="section container" aria-labelledby={`${id}-title`} id={id}>
      <SectionHeader id={id} title={title} intro={intro} />
      <ul className="cases">
        {items.map((item) => (
          <li key={item.client} className="case">
            <p className="card__tag">{item.sector}</p>
            <h3 className="case__client">{item.client}</h3>
            <dl className="case__facts">
              <div>
                <dt>{t('pages.caseGoal')}</dt>
                <dd>{item.goal}</dd>
              </div>
              <div>
                <dt>{t('pages.caseGame')}</dt>
                <dd>{item.game}</dd>
              </div>
            </dl>
            <p>{item.story}</p>
            <dl className="case__figures">
              {item.figures.map((figure) => (
                <div key={figure.label}>
                  <dt>{figure.label}</dt>
                  <dd>{figure.value}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </section>
  )
}

function Slot({ id, title, intro, children }: SlotSection & { children: ReactNode }) {
  return (
    <section className="section container" aria-labelledby={`${id}-title`} id={id}>
      <SectionHeader id={id} title={title} intro={intro} />
      {children}
    </section>
  )
}

interface PageSectionsProps {
  sections: PageSection[]
  /** Blocks the route owns (forms, embedded media), placed where the content asks for them. */
  slots?: Record<string, ReactNode>
}

/** A page assembled from content/: the order, the copy and the figures all come from its payload. */
export function PageSections({ sections, slots = {} }: PageSectionsProps) {
  return (
    <>
      {sections.map((section, index) => {
        switch (section.type) {
          case 'hero':
            return <Hero key={index} {...section} />
          case 'cards':
            return <Cards key={section.id} {...section} />
          case 'steps':
            return <Steps key={section.id} {...section} />
          case 'figures':
            return <Figures key={section.id} {...section} />
          case 'text':
            return <Text key={section.id} {...section} />
          case 'cases':
            return <Cases key={section.id} {...section} />
          case 'slot':
            return (
              <Slot key={section.id} {...section}>
                {slots[section.slot]}
              </Slot>
            )
          case 'faq':
            return (
              <div key={index} className="section container">
                <FaqList title={section.title} items={section.items} />
              </div>
            )
          case 'cta':
            return <CtaBand key={index} {...section} />
          default:
            throw new SiteError({ statusCode: 500, message: t('errors.unknownSection', { type: String((section as { type: unknown }).type) }) })
        }
      })}
    </>
  )
}
