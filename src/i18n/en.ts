import type { MessageKey } from './fr'

/** Empty on purpose: English falls back to the French strings until a translation is written. */
export const en: Partial<Record<MessageKey, string>> = {}
