export type PlanId = 'start' | 'unit' | 'annual' | 'studio'

export interface PlanPrice {
  amount: string
  period: string
  /** The same plan billed month by month, when it can be. */
  monthly?: { amount: string; period: string }
}

export interface Plan {
  id: PlanId
  name: string
  tagline: string
  price: PlanPrice
  featured?: boolean
  badge?: string
  /** `app:/path` points into the application (SITE_APP_URL); anything else is a path of this site. */
  cta: { label: string; href: string }
  highlights: string[]
}

export interface PlanFeature {
  key: string
  label: string
  tooltip: string
  /** One value per plan, in plan order: true/false for included or not, or a short figure. */
  values: (string | boolean)[]
  /** What the classic offer changes for this feature, shown once, in the feature's row. */
  classicNote?: string
}

export interface PricingContent {
  eyebrow: string
  heading: string
  lead: string
  billing: { label: string; annual: string; monthly: string }
  plans: Plan[]
  hint: { title: string; items: string[] }
  matrix: { title: string; caption: string; featureHeader: string; included: string; notIncluded: string; features: PlanFeature[] }
  faq: { title: string; items: { question: string; answer: string }[] }
  cta: { title: string; text: string; primary: { label: string; href: string }; secondary: { label: string; href: string } }
}
