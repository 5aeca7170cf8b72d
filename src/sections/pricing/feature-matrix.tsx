import { InfoTooltip } from '#src/components/ui/tooltip'
import { t } from '#src/lib/i18n'
import type { Plan, PricingContent } from './pricing-types'

function FeatureValue({ value, included, notIncluded }: { value: string | boolean; included: string; notIncluded: string }) {
  if (typeof value === 'string') return <span className="matrix__text">{value}</span>
  return value ? (
    <span className="matrix__yes">
      <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <path d="M4 10.5l4 4 8-9" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="visually-hidden">{included}</span>
    </span>
  ) : (
    <span className="matrix__no">
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{notIncluded}</span>
    </span>
  )
}

/**
 * Every plan feature with its value per plan and an explanation. The table scrolls inside its own
 * container on small screens (the page itself never scrolls sideways); the plan names stay on screen.
 */
export function FeatureMatrix({ matrix, plans }: { matrix: PricingContent['matrix']; plans: Plan[] }) {
  return (
    <section className="matrix" aria-labelledby="matrix-title">
      <h2 id="matrix-title">{matrix.title}</h2>
      <div className="matrix__scroller" role="region" aria-label={matrix.caption} tabIndex={0}>
        <table className="matrix__table">
          <caption className="visually-hidden">{matrix.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{matrix.featureHeader}</th>
              {plans.map((plan) => (
                <th key={plan.id} scope="col" className={plan.featured ? 'matrix__featured' : undefined}>
                  {plan.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {matrix.features.map((feature) => (
              <tr key={feature.key} data-feature={feature.key}>
                <th scope="row">
                  <span className="matrix__label">{feature.label}</span>
                  <InfoTooltip label={t('pricing.moreAbout', { feature: feature.label })} content={feature.tooltip} />
                  {feature.classicNote ? <span className="matrix__note">{feature.classicNote}</span> : null}
                </th>
                {plans.map((plan, index) => (
                  <td key={plan.id} className={plan.featured ? 'matrix__featured' : undefined}>
                    <FeatureValue value={feature.values[index] ?? false} included={matrix.included} notIncluded={matrix.notIncluded} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
