import { generator } from '#src/i18n/fr/generator'
import { createTranslator } from '#src/lib/i18n'

/** The generator's messages (about a hundred) travel with its chunk, not with every page. */
export type GeneratorMessageKey = keyof typeof generator

export const t = createTranslator<GeneratorMessageKey>({ fr: generator })
