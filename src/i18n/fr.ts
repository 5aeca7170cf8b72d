import { common } from './fr/common'
import { consent } from './fr/consent'
import { forms } from './fr/forms'
import { generator } from './fr/generator'
import { pages } from './fr/pages'
import { pricing } from './fr/pricing'

/** The French catalogue: the reference every other language falls back to. Each area owns its file. */
export const fr = {
  ...common,
  ...consent,
  ...forms,
  ...generator,
  ...pages,
  ...pricing,
} as const

export type MessageKey = keyof typeof fr
