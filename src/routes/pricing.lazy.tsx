import { createLazyRoute } from '@tanstack/react-router'
import { usePagePayload } from '#src/lib/payload'
import { CtaBand } from '#src/sections/cta-band/cta-band'
import { FaqList } from '#src/sections/faq/faq-list'
import { FeatureMatrix } from '#src/sections/pricing/feature-matrix'
import { PlanCards } from '#src/sections/pricing/plan-cards'
import type { PricingContent } from '#src/sections/pricing/pricing-types'
import '#src/sections/pricing/pricing.css'

export const Route = createLazyRoute('/_site/pricing')({ component: PricingPage })

function PricingPage() {
  const { page } = usePagePayload<PricingContent>('/pricing')
  return (
    <>
      <div className="container pricing">
        <header className="page-intro">
          <p className="eyebrow">{page.eyebrow}</p>
          <h1>{page.heading}</h1>
          <p className="lead">{page.lead}</p>
        </header>
        <PlanCards plans={page.plans} billing={page.billing} />
        <aside className="pricing__hint" aria-labelledby="pricing-hint-title">
          <h2 id="pricing-hint-title">{page.hint.title}</h2>
          <ul>
            {page.hint.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </aside>
        <FeatureMatrix matrix={page.matrix} plans={page.plans} />
        <FaqList {...page.faq} />
      </div>
      <CtaBand {...page.cta} />
    </>
  )
}
