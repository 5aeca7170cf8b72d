import { useId, useState } from 'react'
import { ActionLink } from '#src/components/ui/action-link'
import { trackConversion } from '#src/lib/conversions'
import type { PricingContent } from './pricing-types'

/** The four offers; the annual subscription can be shown billed yearly or monthly. */
export function PlanCards({ plans, billing }: Pick<PricingContent, 'plans' | 'billing'>) {
  const [monthly, setMonthly] = useState(false)
  const legendId = useId()
  return (
    <section className="plans" aria-labelledby={legendId}>
      <h2 id={legendId} className="visually-hidden">
        {billing.label}
      </h2>
      <div className="billing-switch" role="group" aria-label={billing.label}>
        <button type="button" aria-pressed={!monthly} onClick={() => setMonthly(false)}>
          {billing.annual}
        </button>
        <button type="button" aria-pressed={monthly} onClick={() => setMonthly(true)}>
          {billing.monthly}
        </button>
      </div>
      <ul className="plans__list">
        {plans.map((plan) => {
          const monthlyPrice = monthly ? plan.price.monthly : undefined
          const price = monthlyPrice ?? plan.price
          return (
            <li key={plan.id} className={`plan${plan.featured ? ' plan--featured' : ''}`}>
              {plan.badge ? <p className="plan__badge">{plan.badge}</p> : null}
              <h3 className="plan__name">{plan.name}</h3>
              <p className="plan__tagline">{plan.tagline}</p>
              <p className="plan__price">
                <span className="plan__amount">{price.amount}</span>
                <span className="plan__period">{price.period}</span>
              </p>
              <ul className="plan__highlights">
                {plan.highlights.map((highlight) => (
                  <li key={highlight}>{highlight}</li>
                ))}
              </ul>
              <ActionLink
                link={plan.cta}
                className={`button ${plan.featured ? 'button--primary' : 'button--secondary'}`}
                onClick={() => trackConversion('pricing', 'plan-chosen', monthlyPrice ? `${plan.id}-monthly` : plan.id)}
              />
            </li>
          )
        })}
      </ul>
    </section>
  )
}
