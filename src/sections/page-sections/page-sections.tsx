import type { ReactNode } from 'react'
import { ActionLink } from '#src/components/ui/action-link'
import { CtaBand } from '#src/sections/cta-band/cta-band'
import { CustomerProof } from '#src/sections/customer-proof/customer-proof'
import { FaqList } from '#src/sections/faq/faq-list'
import { GameCatalogue } from '#src/sections/game-catalogue/game-catalogue'
import { t } from '#src/lib/i18n'
import { SiteError } from '#src/lib/site-error'
import { FigureList } from './figure-list'
import { SectionHeader } from './section-header'
import { useKeyboardScrollable } from './use-keyboard-scrollable'
import type { CardsSection, CasesSection, FiguresSection, HeroSection, PageSection, SlotName, SlotSection, StepsSection, TextSection } from './section-types'
import './page-sections.css'

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

function Cards({ id, eyebrow, title, intro, columns = 3, items }: CardsSection) {
  const scroller = useKeyboardScrollable<HTMLUListElement>()
  return (
    <section className="section container" aria-labelledby={`${id}-title`} id={id}>
      <SectionHeader id={id} eyebrow={eyebrow} title={title} intro={intro} />
      <ul ref={scroller} className={`cards cards--${columns} phone-scroller`} aria-labelledby={`${id}-title`}>
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
  const scroller = useKeyboardScrollable<HTMLOListElement>()
  return (
    <section className="section section--tinted" aria-labelledby={`${id}-title`} id={id}>
      <div className="container">
        <SectionHeader id={id} title={title} intro={intro} />
        <ol ref={scroller} className="steps phone-scroller" aria-labelledby={`${id}-title`}>
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
      <FigureList items={items} />
    </section>
  )
}

function Text({ id, eyebrow, title, paragraphs, bullets, actions, visual }: TextSection & { visual?: ReactNode }) {
  const copy = (
    <>
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
    </>
  )
  return (
    <section className={`section container section--text${visual ? ' section--split' : ''}`} aria-labelledby={`${id}-title`} id={id}>
      {visual ? (
        <>
          <div className="section__copy">{copy}</div>
          <div className="section__visual">{visual}</div>
        </>
      ) : (
        copy
      )}
    </section>
  )
}

function Cases({ id, title, intro, items }: CasesSection) {
  return (
    <section className="section container" aria-labelledby={`${id}-title`} id={id}>
      <SectionHeader id={id} title={title} intro={intro} />
      <ul className="cases">
        {items.map((item) => (
          <li key={item.client} className="case" id={item.id}>
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
            {item.quote ? (
              <figure className="case__quote">
                <blockquote>
                  <p>{item.quote.text}</p>
                </blockquote>
                <figcaption>{item.quote.author}</figcaption>
              </figure>
            ) : null}
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
  slots?: Partial<Record<SlotName, ReactNode>>
}

/** A page assembled from content/: the order, the copy and the figures all come from its payload. */
export function PageSections({ sections, slots = {} }: PageSectionsProps) {
  return (
    <>
      {sections.map((section, index) => {
        switch (section.type) {
          case 'hero':
            return <Hero key={index} {...section} visual={section.slot ? slots[section.slot] : undefined} />
          case 'cards':
            return <Cards key={section.id} {...section} />
          case 'steps':
            return <Steps key={section.id} {...section} />
          case 'figures':
            return <Figures key={section.id} {...section} />
          case 'text':
            return <Text key={section.id} {...section} visual={section.slot ? slots[section.slot] : undefined} />
          case 'cases':
            return <Cases key={section.id} {...section} />
          case 'games':
            return <GameCatalogue key={section.id} {...section} />
          case 'proof':
            return <CustomerProof key={section.id} {...section} />
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
