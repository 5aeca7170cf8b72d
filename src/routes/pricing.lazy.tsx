import { createLazyRoute } from '@tanstack/react-router'
import { HydrateWhenVisible } from '#src/components/ui/hydrate-when-visible'
import { deferredModule } from '#src/lib/deferred-module'
import { usePagePayload } from '#src/lib/payload'
import { CtaBand } from '#src/sections/cta-band/cta-band'
import { FaqList } from '#src/sections/faq/faq-list'
import { PlanCards } from '#src/sections/pricing/plan-cards'
import type { PricingContent } from '#src/sections/pricing/pricing-types'
import '#src/sections/pricing/pricing.css'

export const Route = createLazyRoute('/_site/pricing')({ component: PricingPage })

// The offers fill the first screen; the 35-row matrix, its tooltips (tippy.js) and what follows it are
// adopted when the visitor gets there (docs/decisions/037-main-thread-against-the-floor.md).
const featureMatrix = deferredModule(() => import('#src/sections/pricing/feature-matrix'))

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
        <HydrateWhenVisible module={featureMatrix}>{({ FeatureMatrix }) => <FeatureMatrix matrix={page.matrix} plans={page.plans} />}</HydrateWhenVisible>
        <HydrateWhenVisible>
          <FaqList {...page.faq} />
        </HydrateWhenVisible>
      </div>
      <HydrateWhenVisible>
        <CtaBand {...page.cta} />
      </HydrateWhenVisible>
    </>
  )
}
