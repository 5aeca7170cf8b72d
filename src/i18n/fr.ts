import { common } from './fr/common'
import { consent } from './fr/consent'
import { pages } from './fr/pages'
import { pricing } from './fr/pricing'

/**
 * The French catalogue of the site shell: the reference every other language falls back to. Each area owns
 * its file; the generator's messages load with the generator (src/features/ai-generator/generator-i18n.ts),
 * the forms' with the forms (src/lib/forms-i18n.ts).
 */
export const fr = {
  ...common,
  ...consent,
  ...pages,
  ...pricing,
} as const

export type MessageKey = keyof typeof fr
