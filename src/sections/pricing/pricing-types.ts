// Derived from the schema that checks content/pages/pricing.json (src/content-schema/pricing-schema.ts).
import type { z } from 'zod'
import type { plan, pricingPage } from '#src/content-schema/pricing-schema'

export type Plan = z.output<typeof plan>
export type PricingContent = z.output<typeof pricingPage>
