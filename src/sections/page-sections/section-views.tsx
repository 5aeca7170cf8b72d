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
import type { CardsSection, CasesSection, FiguresSection, PageSection, SlotName, SlotSection, StepsSection, TextSection } from './section-types'

// Every section but the hero: they come after the first screen, so their code is split from the first
// load and arrives as the visitor scrolls to them (src/components/ui/hydrate-when-visible.tsx).

function Cards({ id, eyebrow, title, intro, columns = 3, items }: CardsSection) {
  return (
    <section className="section container" aria-labelledby={`${id}-title`} id={id}>
      <SectionHeader id={id} eyebrow={eyebrow} title={title} intro={intro} />
      <ul data-keyboard-scrollable="" suppressHydrationWarning className={`cards cards--${columns} phone-scroller`} aria-labelledby={`${id}-title`}>
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
        <ol data-keyboard-scrollable="" suppressHydrationWarning className="steps phone-scroller" aria-labelledby={`${id}-title`}>
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

export function SectionView({ section, slots }: { section: Exclude<PageSection, { type: 'hero' }>; slots: Partial<Record<SlotName, ReactNode>> }) {
  switch (section.type) {
    case 'cards':
      return <Cards {...section} />
    case 'steps':
      return <Steps {...section} />
    case 'figures':
      return <Figures {...section} />
    case 'text':
      return <Text {...section} visual={section.slot ? slots[section.slot] : undefined} />
    case 'cases':
      return <Cases {...section} />
    case 'games':
      return <GameCatalogue {...section} />
    case 'proof':
      return <CustomerProof {...section} />
    case 'slot':
      return <Slot {...section}>{slots[section.slot]}</Slot>
    case 'faq':
      return (
        <div className="section container">
          <FaqList title={section.title} items={section.items} />
        </div>
      )
    case 'cta':
      return <CtaBand {...section} />
    default:
      throw new SiteError({ statusCode: 500, message: t('errors.unknownSection', { type: String((section as { type: unknown }).type) }) })
  }
}
