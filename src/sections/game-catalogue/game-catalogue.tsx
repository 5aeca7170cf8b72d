import { ActionLink } from '#src/components/ui/action-link'
import { SectionHeader } from '#src/sections/page-sections/section-header'
import type { GamesSection } from '#src/sections/page-sections/section-types'
import './game-catalogue.css'

/**
 * The game types, each with its picture and a "how it plays" that opens in place (a native disclosure:
 * keyboard and screen reader friendly, no script). A scroller on phones, a grid from tablets up.
 */
export function GameCatalogue({ id, eyebrow, title, intro, howToPlayLabel, items, more }: GamesSection) {
  return (
    <section className="section container" aria-labelledby={`${id}-title`} id={id}>
      <SectionHeader id={id} eyebrow={eyebrow} title={title} intro={intro} />
      <ul className="game-catalogue phone-scroller" aria-labelledby={`${id}-title`}>
        {items.map((game) => (
          <li key={game.id} className="game-card" id={`${id}-${game.id}`}>
            <img className="game-card__picture" src={`/images/games/${encodeURIComponent(game.illustration)}.svg`} width="240" height="150" alt="" loading="lazy" decoding="async" />
            <h3 className="game-card__title">{game.title}</h3>
            <p className="game-card__text">{game.text}</p>
            <details className="game-card__how">
              <summary>
                {howToPlayLabel}
                <span className="visually-hidden"> : {game.title}</span>
              </summary>
              <ol>
                {game.howToPlay.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </details>
          </li>
        ))}
        {more ? (
          <li className="game-card game-card--more">
            <h3 className="game-card__title">{more.title}</h3>
            <p className="game-card__text">{more.text}</p>
            <ActionLink link={more.link} className="button button--primary" />
          </li>
        ) : null}
      </ul>
    </section>
  )
}
