import { en } from '#src/i18n/en'
import { fr, type MessageKey } from '#src/i18n/fr'

export type Language = 'fr' | 'en'
export const LANGUAGES: readonly Language[] = ['fr', 'en']
export const DEFAULT_LANGUAGE: Language = 'fr'
export const LANGUAGE_STORAGE_KEY = 'ludora:lang'

const catalogues: Record<Language, Partial<Record<MessageKey, string>>> = { fr, en }
let current: Language = DEFAULT_LANGUAGE

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

export function getLanguage(): Language {
  return current
}

function fill(template: string, params?: Record<string, string | number>): string {
  if (!params) return template
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match))
}

/** Translates a key; missing keys fall back to French, `{name}` placeholders are filled from params. */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  return fill(catalogues[current][key] ?? fr[key], params)
}

/**
 * A translator for a feature that brings its own messages with its lazy chunk, so they stay out of every
 * page's first load. Same rules as `t` (language, French fallback, placeholders); site keys still work.
 */
export function createTranslator<TKey extends string>(own: { fr: Record<TKey, string>; en?: Partial<Record<TKey, string>> }) {
  return (key: TKey | MessageKey, params?: Record<string, string | number>): string => {
    if (!Object.hasOwn(own.fr, key)) return t(key as MessageKey, params)
    const ownKey = key as TKey
    return fill((current === 'en' ? own.en?.[ownKey] : undefined) ?? own.fr[ownKey], params)
  }
}

function readStoredLanguage(): Language | undefined {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY)
    return isLanguage(stored) ? stored : undefined
  } catch {
    return undefined
  }
}

/** The default-language setup run at boot: French unless the visitor chose another language. */
export function setupLanguage(): Language {
  current = readStoredLanguage() ?? DEFAULT_LANGUAGE
  // Written only when it changes: writing `lang`, even the same value, restyles every element of the page.
  if (document.documentElement.lang !== current) document.documentElement.lang = current
  return current
}

export function chooseLanguage(language: Language): void {
  current = language
  document.documentElement.lang = language
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language)
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
}
