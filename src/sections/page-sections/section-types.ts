// The sections as the build writes them into payloads. Each type is derived from the schema that checks
// content/ (src/content-schema), so code and content cannot drift apart; only types are imported from it,
// and Zod never reaches the browser.
import type { z } from 'zod'
import type {
  cardsSection,
  caseStudy,
  casesSection,
  ctaSection,
  faqSection,
  figuresSection,
  gameType,
  gamesSection,
  heroSection,
  proofSection,
  SLOT_NAMES,
  slotSection,
  stepsSection,
  textSection,
} from '#src/content-schema/section-schemas'

/** A block a route draws where its content asks for it (`slot`). */
export type SlotName = (typeof SLOT_NAMES)[number]

export type HeroSection = z.output<typeof heroSection>
export type CardsSection = z.output<typeof cardsSection>
export type StepsSection = z.output<typeof stepsSection>
export type FiguresSection = z.output<typeof figuresSection>
export type TextSection = z.output<typeof textSection>
export type CasesSection = z.output<typeof casesSection>
export type CaseStudy = z.output<typeof caseStudy>
export type GameType = z.output<typeof gameType>

/** Written once, in the home page; another page names it with `itemsFrom` and the build copies it there. */
export type GamesSection = Omit<z.output<typeof gamesSection>, 'items' | 'itemsFrom'> & { items: GameType[] }

/** A quoted case, copied by the build from the case the content names (src/lib/content-references.ts). */
export interface ProofItem extends Pick<CaseStudy, 'client' | 'sector'> {
  id: string
  figure: CaseStudy['figures'][number]
  quote: NonNullable<CaseStudy['quote']>
}

/** What customers get: averages over all campaigns, then named customers in their own words. */
export type ProofSection = Omit<z.output<typeof proofSection>, 'cases'> & { items: ProofItem[] }

export type SlotSection = z.output<typeof slotSection>
export type CtaSection = z.output<typeof ctaSection>
export type FaqSection = z.output<typeof faqSection>

export type PageSection =
  | HeroSection
  | CardsSection
  | StepsSection
  | FiguresSection
  | TextSection
  | CasesSection
  | GamesSection
  | ProofSection
  | SlotSection
  | CtaSection
  | FaqSection

export interface SectionsPageContent {
  sections: PageSection[]
}

/** A page's payload: its content as its schema describes it, with the sections the build resolved. */
export type WithResolvedSections<TContent extends { sections: unknown }> = Omit<TContent, 'sections'> & SectionsPageContent
