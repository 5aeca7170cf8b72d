import { z } from 'zod'

/**
 * How an editor (VS Code through the JSON Schema, the /admin editor) shows a text field: one line, a
 * paragraph, Markdown (a key ending in `Markdown`, which the build renders to HTML), a picture of
 * static/images. Lists, objects, numbers, yes/no values and fixed choices need no hint: their shape says it.
 */
export type TextWidget = 'string' | 'text' | 'markdown' | 'image'

declare module 'zod' {
  interface GlobalMeta {
    /** `title` is the field's label and `description` its help, both in French, for the people who edit content. */
    widget?: TextWidget
    /** For a picture: the folder of static/images its files live in (`heroes`), where the /admin editor looks for and uploads them. */
    folder?: string
    /** For a fixed choice: how the /admin editor names each value (`{ season: 'Saisons' }`); the file keeps the value. */
    optionLabels?: Record<string, string>
    /** For a long list of short values that people seldom read whole (keywords): the /admin editor shows its count until it is opened. */
    folded?: boolean
  }
}

/** Messages of the checks below start with what was expected; the report adds what was found. */
const NOT_EMPTY = { error: 'expected text' }

function described<T extends z.ZodType>(schema: T, label: string, help: string | undefined, widget?: TextWidget): T {
  return schema.meta({ title: label, ...(help ? { description: help } : {}), ...(widget ? { widget } : {}) })
}

/** A short text on one line: a title, a label, a button. */
export function line(label: string, help?: string) {
  return described(z.string().regex(/\S/, NOT_EMPTY), label, help, 'string')
}

/** A paragraph of plain text (no Markdown): shown as a multi-line field. */
export function paragraph(label: string, help?: string) {
  return described(z.string().regex(/\S/, NOT_EMPTY), label, help, 'text')
}

/**
 * A file of static/images, named by its public path (`/images/heroes/stakes.svg`). `folder`: the folder
 * of static/images this field's pictures belong in (`heroes`), static/images itself by default.
 */
export function imagePath(label: string, help?: string, { folder }: { folder?: string } = {}) {
  const schema = described(
    z.string().regex(/^\/images\/[\w./-]+\.(svg|png|jpe?g|webp|avif)$/, { error: 'expected the path of a picture under static/images ("/images/….svg", .png, .jpg, .webp or .avif)' }),
    label,
    help,
    'image',
  )
  return folder ? schema.meta({ ...schema.meta(), folder }) : schema
}

/** An identifier written into the page's address (`/#jeux`) or named by other content: lower case, digits, dashes. */
export function slug(label: string, help?: string) {
  return described(z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: 'expected an identifier in lower case, digits and dashes ("comment-ca-marche")' }), label, help, 'string')
}

/** A path of this site (`/pricing`), into the application (`app:/signup`), or a full address (`https://…`). */
export function linkTarget(label: string, help?: string) {
  return described(
    z.string().regex(/^(\/(?!\/)[^\s]*|app:\/[^\s]*|https:\/\/[^\s]+)$/, {
      error: 'expected a path of this site ("/contact"), of the application ("app:/signup") or a full address ("https://…")',
    }),
    label,
    help,
    'string',
  )
}

/** A full `https://` address of another site. */
export function externalUrl(label: string, help?: string) {
  return described(z.string().regex(/^https:\/\/[^\s/]+(\/[^\s]*)?$/, { error: 'expected a full address starting with "https://"' }), label, help, 'string')
}

/** A list with at least `min` entries (one by default: an empty list shows an empty block). */
export function list<T extends z.ZodType>(item: T, label: string, help?: string, { min = 1 }: { min?: number } = {}) {
  return described(z.array(item).min(min), label, help)
}

/**
 * Lets a check run even when other parts of its value are wrong, so that one run reports every mistake.
 * Such a check reads its value as unknown.
 */
export const EVEN_WITH_OTHER_MISTAKES = { when: () => true }

/** Reads a field of a value that may not be an object (see EVEN_WITH_OTHER_MISTAKES). */
export function fieldOf(value: unknown, key: PropertyKey): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined
}

/**
 * The entries of a list must differ by `key` (an id the page's address or other content names). The
 * mistake is reported on the second entry, naming the first.
 */
export function uniqueBy<T extends z.ZodType<unknown[]>>(schema: T, key: string): T {
  return schema.superRefine((items: unknown, context) => {
    if (!Array.isArray(items)) return
    const seen = new Map<unknown, number>()
    items.forEach((item, index) => {
      const value = fieldOf(item, key)
      if (typeof value !== 'string') return
      const first = seen.get(value)
      if (first === undefined) seen.set(value, index)
      else context.addIssue({ code: 'custom', path: [index, key], message: `"${value}" is already used by entry [${first}]; expected another ${key}`, input: value })
    })
  }, EVEN_WITH_OTHER_MISTAKES)
}

/** A link as buttons and cards show it. */
export const actionLink = z
  .strictObject({
    label: line('Texte du lien', 'Ce que la personne lit sur le bouton ou le lien : un verbe d’action.'),
    href: linkTarget('Destination', '« /contact » pour une page du site, « app:/signup » pour l’application, « https://… » pour un autre site.'),
  })
  .meta({ title: 'Lien' })

/** A figure and what it counts (`4 860` `participations`). */
export const figure = z
  .strictObject({
    value: line('Chiffre', 'Écrit comme il s’affiche : « 4 860 », « +18 % », « 10 s ».'),
    label: line('Légende', 'Ce que le chiffre compte, en minuscules : « participations ».'),
  })
  .meta({ title: 'Chiffre' })
