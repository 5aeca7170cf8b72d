import path from 'node:path'
import { z } from 'zod'
import type { ContentFile } from './check-content'
import { schemaReferenceFor } from './content-files'
import { fieldOf } from './fields'
import { defOf, layersOf, type SchemaDef } from './schema-def'

/**
 * The /admin editor (Decap CMS, docs/decisions/036-content-editor.md) is configured from the schemas of
 * src/content-schema: each content file is an entry of a "files" collection, each field a widget chosen by
 * the field's shape and `widget` hint, labelled and explained by its `.meta()`. Nothing here is written
 * per page: a file that CONTENT_FILES describes is in the editor.
 */

/** A field of the editor's configuration (https://decapcms.org/docs/widgets/). */
export interface CmsField {
  name: string
  label: string
  widget: string
  hint?: string
  required?: false
  fields?: CmsField[]
  /** A list of single values (texts): the widget of each. */
  field?: CmsField
  /** A list whose entries differ by `typeKey` (the sections of a page). */
  types?: CmsField[]
  typeKey?: string
  label_singular?: string
  summary?: string
  /** A list's entries open (`false`: each editable in place), or the whole list folded to its count. */
  collapsed?: false
  minimize_collapsed?: true
  /** A choice's values, or its values with the label the editor shows for each. */
  options?: (string | number)[] | { label: string; value: string | number }[]
  value_type?: 'int' | 'float'
  media_folder?: string
  public_folder?: string
  choose_url?: false
  default?: unknown
}

export interface CmsFileEntry {
  name: string
  label: string
  file: string
  fields: CmsField[]
}

export interface CmsCollection {
  name: string
  label: string
  /** Markdown texts: read and written as Markdown with (empty) YAML front matter, i.e. as plain Markdown. */
  format?: 'yaml-frontmatter'
  files: CmsFileEntry[]
  editor: { preview: false }
}

/** Where the editor saves: a Git host, reached from the browser (README, « Modifier le contenu sans Git »). */
export type CmsBackend = { name: 'github'; repo: string; branch: string; base_url?: string } | { name: 'git-gateway'; branch: string }

export interface CmsConfig {
  locale: 'fr'
  backend: CmsBackend
  site_url: string
  display_url: string
  media_folder: string
  public_folder: string
  slug: { encoding: 'ascii'; clean_accents: true; sanitize_replacement: '-' }
  commit_messages: Record<string, string>
  collections: CmsCollection[]
}

/** The folder every picture lives under, and the address it is served at. */
const MEDIA_FOLDER = 'static/images'
const PUBLIC_FOLDER = '/images'

/** Collections by folder of content/, in the order the editor lists them; a folder not named here still gets one. */
const COLLECTIONS: Record<string, { name: string; label: string }> = {
  'content/pages': { name: 'pages', label: 'Pages' },
  content: { name: 'site', label: 'Textes communs' },
  'content/generator': { name: 'generator', label: 'Générateur de jeux' },
  'content/generator/sectors': { name: 'generator-sectors', label: 'Générateur : secteurs d’activité' },
  'content/generator/events': { name: 'generator-events', label: 'Générateur : événements et saisons' },
}

interface Peeled {
  core: z.ZodType
  optional: boolean
  meta: z.GlobalMeta
}

/** A schema without its wrappers, whether the value may be left out, and the labels of every layer (the outermost wins). */
function peel(schema: z.ZodType): Peeled {
  const { core, layers } = layersOf(schema)
  const optional = layers.some((layer) => ['optional', 'default'].includes(defOf(layer).type))
  return { core, optional, meta: Object.assign({}, ...layers.map((layer) => z.globalRegistry.get(layer) ?? {}).reverse()) }
}

/** An object whose keys are not all known (structured data blocks): the editor leaves it as written. */
const isOpenObject = (def: SchemaDef) => def.type === 'object' && def.catchall !== undefined && defOf(def.catchall).type !== 'never'

const TEXT_WIDGETS = { string: 'string', text: 'text', markdown: 'markdown', image: 'image' } as const

function textField(meta: z.GlobalMeta): Pick<CmsField, 'widget' | 'media_folder' | 'public_folder' | 'choose_url'> {
  const widget = TEXT_WIDGETS[meta.widget ?? 'string']
  if (widget !== 'image') return { widget }
  const folder = meta.folder ? `/${meta.folder}` : ''
  // A folder starting with "/" is taken from the repository root, not from the content file.
  return { widget, media_folder: `/${MEDIA_FOLDER}${folder}`, public_folder: `${PUBLIC_FOLDER}${folder}`, choose_url: false }
}

/** The keys that best name a list entry when it is folded, in order of preference. */
const SUMMARY_KEYS = ['title', 'heading', 'name', 'label', 'question', 'client', 'value']

const isText = (field: CmsField) => field.widget === 'string' || field.widget === 'text'

/** The fields from an entry's own down to one of its texts (`fr`, `question`). */
type FieldPath = CmsField[]

/** The text an object field starts with, depth first: a translated name's first language (`label` → `label.fr`). */
function firstText(field: CmsField): FieldPath | undefined {
  if (isText(field)) return [field]
  if (field.widget !== 'object') return undefined
  for (const inner of field.fields ?? []) {
    const found = firstText(inner)
    if (found) return [field, ...found]
  }
  return undefined
}

/** The text that names an entry: a naming key (`title`, `label.fr`), or one inside the entry's objects (`fr.question`). */
function namingText(fields: readonly CmsField[]): FieldPath | undefined {
  for (const key of SUMMARY_KEYS) {
    const field = fields.find((candidate) => candidate.name === key)
    const found = field && firstText(field)
    if (found) return found
  }
  for (const field of fields) {
    const found = field.widget === 'object' ? namingText(field.fields ?? []) : undefined
    if (found) return [field, ...found]
  }
  return undefined
}

const template = (path: FieldPath) => `{{fields.${path.map((field) => field.name).join('.')}}}`

/**
 * How a folded list entry reads: its naming text, else its first text. A naming text the entry may lack
 * (an event's name in sentences) is followed by the first text it always has, so no entry reads empty.
 */
function summaryOf(fields: readonly CmsField[]): string | undefined {
  const texts = fields.filter(isText)
  const best = namingText(fields) ?? (texts[0] && [texts[0]])
  if (!best) return undefined
  const always = best.some((field) => field.required === false) ? texts.find((field) => field.required !== false) : undefined
  return always ? `${template(best)} (${template([always])})` : template(best)
}

function leftOptional(field: CmsField): CmsField {
  return { ...field, required: false, ...(field.fields ? { fields: field.fields.map(leftOptional) } : {}) }
}

/**
 * What was made for each schema, made once: a schema many files share (the sections of a page) gives one
 * list of fields, which the YAML writes once.
 */
function remembered<T>(store: WeakMap<z.ZodType, Map<string, T>>, schema: z.ZodType, key: string, make: () => T): T {
  let made = store.get(schema)
  if (!made) store.set(schema, (made = new Map()))
  if (!made.has(key)) made.set(key, make())
  return made.get(key)!
}

const madeFields = new WeakMap<z.ZodType, Map<string, CmsField | undefined>>()
const madeObjects = new WeakMap<z.ZodType, Map<string, CmsField[]>>()

/** The fields of an object schema; `omit` names a key the editor sets itself (a list entry's type). */
function objectFields(schema: z.ZodType, omit = ''): CmsField[] {
  return remembered(madeObjects, schema, omit, () =>
    Object.entries(defOf(schema).shape ?? {}).flatMap(([name, field]) => {
      const converted = name === omit ? undefined : cmsField(name, field)
      return converted ? [converted] : []
    }),
  )
}

function literalValue(schema: z.ZodType | undefined): unknown {
  return schema ? defOf(peel(schema).core).values?.[0] : undefined
}

/** A list field: sections by type, objects, or single texts; undefined for a list the editor cannot show. */
function listField(base: Omit<CmsField, 'widget'>, element: z.ZodType, folded: boolean): CmsField | undefined {
  const { core, meta } = peel(element)
  const def = defOf(core)
  const singular = meta.title ? { label_singular: meta.title } : {}
  if (def.type === 'union' && def.discriminator) {
    const typeKey = def.discriminator
    const types = def.options!.map((option): CmsField => {
      const { core: shape, meta: optionMeta } = peel(option)
      const tag = String(literalValue(defOf(shape).shape?.[typeKey]))
      const fields = objectFields(shape, typeKey)
      const summary = summaryOf(fields)
      return { name: tag, label: optionMeta.title ?? tag, widget: 'object', ...(optionMeta.description ? { hint: optionMeta.description } : {}), fields, ...(summary ? { summary } : {}) }
    })
    return { ...base, widget: 'list', ...singular, types, typeKey }
  }
  if (def.type === 'object') {
    if (isOpenObject(def)) return undefined
    const fields = objectFields(core)
    const summary = summaryOf(fields)
    return { ...base, widget: 'list', ...singular, fields, ...(summary ? { summary } : {}) }
  }
  const item = cmsField('item', element)
  if (!item || item.widget === 'list' || item.widget === 'object') return undefined
  // Short values are edited in place, or, in a long list, shown by their text (not their label on every line).
  const display = folded ? { minimize_collapsed: true as const } : { collapsed: false as const }
  return { ...base, widget: 'list', ...singular, field: item, ...(isText(item) ? { summary: template([item]) } : {}), ...display }
}

/**
 * The widget for one field, or undefined when the editor cannot show its shape (a list mixing yes/no and
 * texts, structured data): such a value is kept as the file has it, and edited in the file itself.
 */
export function cmsField(name: string, schema: z.ZodType): CmsField | undefined {
  return remembered(madeFields, schema, name, () => widgetFor(name, schema))
}

/** The values of a choice, with the labels its schema gives them (`optionLabels`). */
function options(values: (string | number)[], meta: z.GlobalMeta): CmsField['options'] {
  const labels = meta.optionLabels
  return labels ? values.map((value) => ({ label: labels[value] ?? String(value), value })) : values
}

function widgetFor(name: string, schema: z.ZodType): CmsField | undefined {
  const { core, optional, meta } = peel(schema)
  const base = { name, label: meta.title ?? name, ...(meta.description ? { hint: meta.description } : {}), ...(optional ? { required: false as const } : {}) }
  const def = defOf(core)
  switch (def.type) {
    case 'string':
      return { ...base, ...textField(meta) }
    case 'number':
      return { ...base, widget: 'number', value_type: def.format?.includes('int') ? 'int' : 'float' }
    case 'boolean':
      return { ...base, widget: 'boolean' }
    case 'enum':
      return { ...base, widget: 'select', options: options(Object.values(def.entries!), meta) }
    case 'literal': {
      const values = (def.values ?? []).filter((value): value is string | number => typeof value === 'string' || typeof value === 'number')
      return values.length > 1 ? { ...base, widget: 'select', options: options(values, meta) } : { ...base, widget: 'hidden', default: values[0] }
    }
    case 'object': {
      if (isOpenObject(def)) return undefined
      const fields = objectFields(core)
      // The editor would ask for the fields of an object the page may do without: the build's check says
      // what such an object lacks once it is filled in.
      return { ...base, widget: 'object', fields: optional ? fields.map(leftOptional) : fields }
    }
    case 'array':
      return listField(base, def.element!, meta.folded === true)
    default:
      return undefined
  }
}

/** The values at `keys` in `value`, `*` standing for every entry of a list. */
function valuesAt(value: unknown, keys: readonly string[]): unknown[] {
  const [key, ...rest] = keys
  if (key === undefined) return [value]
  if (key === '*') return Array.isArray(value) ? value.flatMap((item) => valuesAt(item, rest)) : []
  return valuesAt(fieldOf(value, key), rest)
}

/** The schema of the values at `keys` in what `schema` describes. */
function schemaAt(schema: z.ZodType, keys: readonly string[]): z.ZodType | undefined {
  let current: z.ZodType | undefined = schema
  for (const key of keys) {
    const def: SchemaDef | undefined = current && defOf(peel(current).core)
    current = key === '*' ? def?.element : def?.shape?.[key]
  }
  return current
}

/** The distinct values of the field the rule names a file by, each by its label when it is a choice. */
function namedBy(field: string, { rule, data }: ContentFile): string | undefined {
  const keys = field.split('.')
  const choice = schemaAt(rule.schema, keys)
  const labels = (choice && peel(choice).meta.optionLabels) ?? {}
  const names = valuesAt(data, keys).filter((value) => typeof value === 'string' && value.trim() !== '') as string[]
  return names.length ? [...new Set(names.map((name) => labels[name] ?? name))].join(' · ') : undefined
}

/**
 * How the editor lists a file: by the field its rule names (a sector by its French name), a page by its
 * path and title, another file by its schema's title.
 */
function entryLabel(content: ContentFile): string {
  const { file, rule, data } = content
  const named = rule.entryLabel && namedBy(rule.entryLabel, content)
  if (named) return named
  const route = fieldOf(data, 'path')
  const title = fieldOf(fieldOf(data, 'meta'), 'title')
  const name = typeof title === 'string' ? title.split(' | ')[0]! : (peel(rule.schema).meta.title ?? path.posix.basename(file))
  return typeof route === 'string' ? `${route} — ${name}` : name
}

function jsonEntry(content: ContentFile): CmsFileEntry {
  const { file, rule } = content
  const fields = objectFields(peel(rule.schema).core).map((field) =>
    // Written by the file for code editors: kept, and set on a new file, but not shown.
    field.name === '$schema' ? { name: field.name, label: field.label, widget: 'hidden', default: schemaReferenceFor(file, rule) } : field,
  )
  return { name: path.posix.basename(file, '.json'), label: entryLabel(content), file, fields }
}

/** The Markdown text of a page whose rule keeps it beside its JSON file (`terms.md`). */
function markdownEntry(content: ContentFile): CmsFileEntry {
  return {
    name: path.posix.basename(content.file, '.json'),
    label: entryLabel(content),
    file: content.file.replace(/\.json$/, '.md'),
    fields: [{ name: 'body', label: 'Texte de la page', widget: 'markdown', hint: 'Le texte affiché sous l’en-tête de la page : titres « ## », listes, liens.' }],
  }
}

/** Where a file comes in its collection: a page by its path, before the other files, which go by their labels. */
function sortKey(content: ContentFile): string {
  const route = fieldOf(content.data, 'path')
  return typeof route === 'string' ? route : `\uffff${entryLabel(content)}`
}

/**
 * The editor's collections: one per folder of content/, an entry per file, pages in the order of their
 * paths and other files in the order of their labels; the Markdown texts of a folder's pages in a
 * collection of their own (a collection has one format).
 */
export function cmsCollections(contents: readonly ContentFile[]): CmsCollection[] {
  const byFolder = new Map<string, ContentFile[]>()
  for (const content of contents) {
    const folder = path.posix.dirname(content.file)
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), content])
  }
  const known = Object.keys(COLLECTIONS)
  const folders = [...byFolder.keys()].sort((a, b) => (known.indexOf(a) + 1 || Infinity) - (known.indexOf(b) + 1 || Infinity) || a.localeCompare(b))
  return folders.flatMap((folder) => {
    const { name, label } = COLLECTIONS[folder] ?? { name: folder.replace(/^content\/?/, '').replace(/\//g, '-'), label: folder }
    const files = [...byFolder.get(folder)!].sort((a, b) => sortKey(a).localeCompare(sortKey(b), 'fr') || a.file.localeCompare(b.file))
    const texts = files.filter((content) => content.rule.markdownBody)
    const collections: CmsCollection[] = [{ name, label, files: files.map(jsonEntry), editor: { preview: false } }]
    if (texts.length) collections.push({ name: `${name}-textes`, label: `${label} : textes longs`, format: 'yaml-frontmatter', files: texts.map(markdownEntry), editor: { preview: false } })
    return collections
  })
}

export interface CmsConfigOptions {
  /** Every content file as the checker read it (check-content.ts). */
  contents: readonly ContentFile[]
  backend: CmsBackend
  siteUrl: string
}

/** The whole configuration of the /admin editor. */
export function cmsConfig({ contents, backend, siteUrl }: CmsConfigOptions): CmsConfig {
  return {
    locale: 'fr',
    backend,
    site_url: siteUrl,
    display_url: siteUrl,
    media_folder: MEDIA_FOLDER,
    public_folder: PUBLIC_FOLDER,
    // Uploaded pictures get names a URL can carry as is: "équipe 2.png" → "equipe-2.png".
    slug: { encoding: 'ascii', clean_accents: true, sanitize_replacement: '-' },
    commit_messages: {
      create: 'Contenu : {{collection}} « {{slug}} » créé',
      update: 'Contenu : {{collection}} « {{slug}} » modifié',
      delete: 'Contenu : {{collection}} « {{slug}} » supprimé',
      uploadMedia: 'Image ajoutée : {{path}}',
      deleteMedia: 'Image supprimée : {{path}}',
    },
    collections: cmsCollections(contents),
  }
}

const isBlock = (value: unknown): value is object => typeof value === 'object' && value !== null && Object.keys(value).length > 0

function yamlScalar(value: unknown): string {
  if (Array.isArray(value)) return '[]'
  if (typeof value === 'object' && value !== null) return '{}'
  // A JSON string is a YAML double-quoted scalar: every character survives.
  return typeof value === 'string' ? JSON.stringify(value) : String(value)
}

const yamlKey = (key: string) => (/^[A-Za-z_][\w-]*$/.test(key) ? key : JSON.stringify(key))

/**
 * YAML in block style, as the editor reads its config.yml (the dev server adds a key at the end). A list
 * or object met twice (the sections every page shares) is written once with an anchor, then named.
 */
export function toYaml(value: object): string {
  const uses = new Map<object, number>()
  const count = (node: unknown): void => {
    if (!isBlock(node)) return
    uses.set(node, (uses.get(node) ?? 0) + 1)
    if (uses.get(node) === 1) Object.values(node).forEach(count)
  }
  count(value)
  const anchors = new Map<object, string>()
  const lines: string[] = []
  const write = (node: object, indent: string): void => {
    if (!Array.isArray(node)) {
      for (const [key, item] of Object.entries(node)) if (item !== undefined) entry(`${indent}${yamlKey(key)}:`, item, `${indent}  `, false)
      return
    }
    for (const item of node as unknown[]) entry(`${indent}-`, item, `${indent}  `, true)
  }
  const entry = (prefix: string, item: unknown, inner: string, listed: boolean): void => {
    if (!isBlock(item)) return void lines.push(`${prefix} ${yamlScalar(item)}`)
    const anchor = anchors.get(item)
    if (anchor) return void lines.push(`${prefix} *${anchor}`)
    if (uses.get(item)! > 1) {
      anchors.set(item, `a${anchors.size + 1}`)
      lines.push(`${prefix} &${anchors.get(item)}`)
      return write(item, inner)
    }
    if (!listed) {
      lines.push(prefix)
      return write(item, inner)
    }
    // A list entry starts on the dash's line: "- name: …".
    const first = lines.length
    write(item, inner)
    lines[first] = `${prefix} ${lines[first]!.trimStart()}`
  }
  write(value, '')
  return `${lines.join('\n')}\n`
}
