/**
 * The conversions the site counts, as Matomo event categories and their actions (README, "Mesure des
 * conversions"). `<category>-<action>` is the goal key `SITE_MATOMO_GOALS` maps to a Matomo goal id.
 * Of this module only `trackConversion` reaches the browser; the list itself serves the build's check of
 * that setting.
 *
 * A DOM event rather than an import links the pages that convert to the statistics integration: no feature
 * imports another, and the code every page loads first stays free of this module (decision 034).
 */
export const CONVERSIONS = {
  newsletter: ['registered'],
  contact: ['sent'],
  generator: ['game-generated', 'exported', 'shared', 'recovered'],
  app: ['signup-click'],
  pricing: ['plan-chosen'],
  demo: ['wheel-spun'],
} as const satisfies Record<string, readonly string[]>

export type ConversionCategory = keyof typeof CONVERSIONS
export type ConversionAction<C extends ConversionCategory> = (typeof CONVERSIONS)[C][number]
export type ConversionGoalKey = { [C in ConversionCategory]: `${C}-${ConversionAction<C>}` }[ConversionCategory]

/** One conversion as it happens: what `trackConversion` announces and the statistics integration hears. */
export interface Conversion {
  category: ConversionCategory
  action: string
  name?: string
}

declare global {
  interface DocumentEventMap {
    'ludora:conversion': CustomEvent<Conversion>
  }
}

/**
 * Announces a conversion on the document. The statistics integration listens only while the visitor
 * allows it; otherwise nobody hears it and it is gone: nothing is queued to be sent once consent comes.
 */
export function trackConversion<C extends ConversionCategory>(category: C, action: ConversionAction<C>, name?: string): void {
  document.dispatchEvent(new CustomEvent('ludora:conversion' satisfies keyof DocumentEventMap, { detail: { category, action, name } }))
}

/** Every goal key, in catalogue order. A function, so the browser bundle can leave it out. */
export function conversionGoalKeys(): ConversionGoalKey[] {
  return Object.entries(CONVERSIONS).flatMap(([category, actions]) => actions.map((action) => `${category}-${action}` as ConversionGoalKey))
}

/** The build's check of `SITE_MATOMO_GOALS` (already read as key → id): every key must name a conversion. */
export function checkMatomoGoals(goals: Readonly<Record<string, number>>): void {
  const keys: readonly string[] = conversionGoalKeys()
  const unknown = Object.keys(goals).filter((key) => !keys.includes(key))
  if (unknown.length) throw new Error(`SITE_MATOMO_GOALS : clé inconnue ${unknown.map((key) => `« ${key} »`).join(', ')} (clés possibles : ${keys.join(', ')})`)
}
