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
}

export interface CasesSection {
  type: 'cases'
  id: string
  title: string
  intro?: string
  items: { client: string; sector: string; goal: string; game: string; story: string; figures: { value: string; label: string }[] }[]
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

export type PageSection = HeroSection | CardsSection | StepsSection | FiguresSection | TextSection | CasesSection | SlotSection | CtaSection | FaqSection

export interface SectionsPageContent {
  sections: PageSection[]
}
