import type { ActionLinkContent } from '#src/components/ui/action-link'

export interface HeroSection {
  type: 'hero'
  eyebrow?: string
  heading: string
  lead: string
  actions?: ActionLinkContent[]
  figures?: { value: string; label: string }[]
  /** A decorative illustration from static/images, with its intrinsic size. */
  image?: { src: string; width: number; height: number }
  /** The route draws the hero's visual itself (a playable demo, a mock-up of the product). */
  slot?: string
}

export interface CardsSection {
  type: 'cards'
  id: string
  eyebrow?: string
  title: string
  intro?: string
  columns?: 2 | 3 | 4
  items: { title: string; text: string; tag?: string; link?: ActionLinkContent }[]
}

export interface StepsSection {
  type: 'steps'
  id: string
  title: string
  intro?: string
  items: { title: string; text: string }[]
}

export interface FiguresSection {
  type: 'figures'
  id: string
  title: string
  intro?: string
  items: { value: string; label: string }[]
}

export interface TextSection {
  type: 'text'
  id: string
  eyebrow?: string
  title: string
  paragraphs: string[]
  bullets?: string[]
  actions?: ActionLinkContent[]
  /** A visual the route supplies (a mock-up of the product), drawn beside the copy. */
  slot?: string
}

export interface CasesSection {
  type: 'cases'
  id: string
  title: string
  intro?: string
  items: CaseStudy[]
}

export interface CaseStudy {
  /** Named by the proof sections that quote this case (src/lib/content-references.ts). */
  id?: string
  client: string
  sector: string
  goal: string
  game: string
  story: string
  figures: { value: string; label: string }[]
  quote?: { text: string; author: string }
}

export interface GameType {
  id: string
  /** The picture's file name in static/images/games/, without `.svg`. */
  illustration: string
  title: string
  text: string
  howToPlay: string[]
}

export interface GamesSection {
  type: 'games'
  id: string
  eyebrow?: string
  title: string
  intro?: string
  howToPlayLabel: string
  /** Written once, in the home page; other pages name it with `itemsFrom` and the build copies it. */
  items: GameType[]
  /** A closing card: what to do when no game of the list fits. */
  more?: { title: string; text: string; link: ActionLinkContent }
}

export interface ProofSection {
  /** What customers get: averages over all campaigns, then named customers in their own words. */
  type: 'proof'
  id: string
  eyebrow?: string
  title: string
  intro?: string
  figures?: { value: string; label: string }[]
  casesIntro?: string
  /** Resolved by the build from the cases of /cas-clients, named in the content by their id. */
  items: { id: string; client: string; sector: string; figure: { value: string; label: string }; quote: { text: string; author: string } }[]
  link: ActionLinkContent
}

export interface SlotSection {
  /** A block the route supplies (a form, an embedded video), introduced by content from the payload. */
  type: 'slot'
  id: string
  slot: string
  title: string
  intro?: string
}

export interface CtaSection {
  type: 'cta'
  title: string
  text: string
  primary: ActionLinkContent
  secondary?: ActionLinkContent
}

export interface FaqSection {
  type: 'faq'
  title: string
  items: { question: string; answer: string }[]
}

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
