import path from 'node:path'
import { readdir } from 'node:fs/promises'
import { z } from 'zod'
import { beforeAll, describe, expect, it } from 'vitest'
import { checkContent, type ContentFile } from '#src/content-schema/check-content'
import { cmsConfig, cmsField, toYaml, type CmsCollection, type CmsConfig, type CmsField } from '#src/content-schema/cms-config'
import { line, list, paragraph } from '#src/content-schema/fields'
import { pageSection } from '#src/content-schema/section-schemas'

const ROOT = path.resolve(import.meta.dirname, '../../..')
const BACKEND = { name: 'github', repo: 'ludora/site', branch: 'main' } as const

let contents: ContentFile[]
let config: CmsConfig

beforeAll(async () => {
  contents = (await checkContent({ root: ROOT })).files
  config = cmsConfig({ contents, backend: BACKEND, siteUrl: 'https://www.ludora.fr' })
})

const collection = (name: string): CmsCollection => config.collections.find((candidate) => candidate.name === name)!
const entry = (collectionName: string, name: string) => collection(collectionName).files.find((file) => file.name === name)!

/** The field at `names` (a path of field names) among `fields`. */
function fieldAt(fields: readonly CmsField[] | undefined, ...names: string[]): CmsField {
  const [first, ...rest] = names
  const field = fields?.find((candidate) => candidate.name === first)
  if (!field) throw new Error(`No field ${first}`)
  return rest.length ? fieldAt(field.fields, ...rest) : field
}

describe('the editor configuration made from the content schemas', () => {
  it('has an entry for every content file, pages listed by their paths, with a label a person recognises', async () => {
    const pageFiles = (await readdir(path.join(ROOT, 'content/pages'))).filter((name) => name.endsWith('.json'))
    expect(config.collections.map((candidate) => candidate.name)).toEqual(['pages', 'pages-textes', 'site', 'generator', 'generator-sectors', 'generator-events'])
    expect(collection('pages').files.map((file) => file.file).sort()).toEqual(pageFiles.map((name) => `content/pages/${name}`).sort())
    expect(collection('pages').files[0]!.label).toBe('/ — Ludora — Jeux-concours marketing créés en 10 secondes')
    expect(entry('pages', 'pricing').label).toBe('/pricing — Tarifs des jeux-concours Ludora')
    expect(entry('site', 'site')).toMatchObject({ file: 'content/site.json', label: 'Textes communs du site' })
    expect(config).toMatchObject({ locale: 'fr', backend: BACKEND, media_folder: 'static/images', public_folder: '/images' })
  })

  it('makes the sections of a page a list typed by "type", one type per section schema, without the type as a field', () => {
    const sections = fieldAt(entry('pages', 'home').fields, 'page', 'sections')
    const tags = (pageSection.def.options as z.ZodObject[]).map((option) => (option.shape.type as z.ZodLiteral).value)
    expect(sections).toMatchObject({ widget: 'list', typeKey: 'type', label: 'Sections', label_singular: 'Section' })
    expect(sections.types!.map((type) => type.name)).toEqual(tags)
    for (const type of sections.types!) expect(type.fields!.map((field) => field.name)).not.toContain('type')
    const cards = sections.types!.find((type) => type.name === 'cards')!
    expect(cards).toMatchObject({ label: 'Cartes', widget: 'object', summary: '{{fields.title}}' })
    expect(fieldAt(cards.fields, 'columns')).toEqual({ name: 'columns', label: 'Colonnes', hint: 'Cartes par ligne sur grand écran : 2, 3 (par défaut) ou 4.', required: false, widget: 'select', options: [2, 3, 4] })
  })

  it('chooses each widget from the field’s shape and hint, with its French label and help', () => {
    const pricing = entry('pages', 'pricing').fields
    expect(fieldAt(pricing, '$schema')).toEqual({ name: '$schema', label: 'Schéma', widget: 'hidden', default: '../schemas/pricing-page.schema.json' })
    expect(fieldAt(pricing, 'meta', 'title')).toMatchObject({ label: 'Titre pour les moteurs', widget: 'string' })
    expect(fieldAt(pricing, 'meta', 'description')).toMatchObject({ widget: 'text' })
    expect(fieldAt(pricing, 'page', 'heading')).toEqual({ name: 'heading', label: 'Titre de la page', widget: 'string' })
    const plans = fieldAt(pricing, 'page', 'plans')
    expect(plans).toMatchObject({ widget: 'list', label_singular: 'Offre', summary: '{{fields.name}}' })
    expect(fieldAt(plans.fields, 'id')).toMatchObject({ widget: 'select', options: ['start', 'unit', 'annual', 'studio'] })
    expect(fieldAt(plans.fields, 'featured')).toMatchObject({ widget: 'boolean', required: false })
    // A folded text of a list shows itself, not its label on every line.
    expect(fieldAt(plans.fields, 'highlights')).toMatchObject({ widget: 'list', summary: '{{fields.item}}', field: { name: 'item', label: 'Point fort', widget: 'string' } })
    // A list mixing yes/no and short texts has no widget: the file keeps it as written.
    expect(fieldAt(pricing, 'page', 'matrix', 'features').fields!.map((field) => field.name)).toEqual(['key', 'label', 'tooltip', 'classicNote'])
    // Structured data for search engines is edited in the file itself.
    expect(fieldAt(pricing, 'meta').fields!.map((field) => field.name)).toEqual(['title', 'description', 'image'])
    const proof = fieldAt(entry('pages', 'home').fields, 'page', 'sections').types!.find((type) => type.name === 'proof')!
    expect(fieldAt(fieldAt(proof.fields, 'cases').fields, 'figure')).toMatchObject({ widget: 'number', value_type: 'int' })
  })

  it('takes pictures from static/images, from the folder the schema names for the field', () => {
    const hero = fieldAt(entry('pages', 'stakes').fields, 'page', 'sections').types!.find((type) => type.name === 'hero')!
    expect(fieldAt(hero.fields, 'image', 'src')).toMatchObject({ widget: 'image', media_folder: '/static/images/heroes', public_folder: '/images/heroes', choose_url: false })
    expect(fieldAt(entry('pages', 'stakes').fields, 'meta', 'image', 'src')).toMatchObject({ widget: 'image', media_folder: '/static/images', public_folder: '/images' })
  })

  it('asks for the fields of an optional object only through the build’s check, so it can stay empty', () => {
    const image = fieldAt(entry('pages', 'stakes').fields, 'meta', 'image')
    expect(image.required).toBe(false)
    expect(image.fields!.map((field) => field.required)).toEqual([false, false])
  })

  it('gives the Markdown text of a legal page a Markdown editor, in a collection of Markdown files', () => {
    expect(collection('pages-textes')).toMatchObject({ label: 'Pages : textes longs', format: 'yaml-frontmatter' })
    expect(entry('pages-textes', 'terms')).toMatchObject({
      file: 'content/pages/terms.md',
      label: "/cgu — Conditions générales d'utilisation",
      fields: [{ name: 'body', widget: 'markdown' }],
    })
    expect(cmsField('intro', z.string().meta({ title: 'Introduction', widget: 'markdown' }))).toEqual({ name: 'intro', label: 'Introduction', widget: 'markdown' })
  })

  it('puts in the editor any file a rule describes, a folder of its own making a collection, with no other code', () => {
    const rule = {
      files: 'content/calendar/*.json',
      name: 'calendar-events',
      schema: z.strictObject({ events: list(z.strictObject({ name: line('Nom de l’événement'), facts: list(paragraph('Fait'), 'Faits') }).meta({ title: 'Événement' }), 'Événements') }).meta({ title: 'Événements du calendrier' }),
    }
    const generated = cmsConfig({ contents: [...contents, { file: 'content/calendar/events.json', rule, data: { events: [] }, valid: true }], backend: BACKEND, siteUrl: 'https://www.ludora.fr' })
    const calendar = generated.collections.find((candidate) => candidate.name === 'calendar')!
    expect(calendar).toMatchObject({ files: [{ name: 'events', label: 'Événements du calendrier', file: 'content/calendar/events.json' }] })
    expect(fieldAt(calendar.files[0]!.fields, 'events')).toMatchObject({ widget: 'list', label_singular: 'Événement', summary: '{{fields.name}}', fields: [{ name: 'name' }, { name: 'facts', field: { widget: 'text' } }] })
  })
})

describe('the generator’s bank in the editor', () => {
  /** Every field under `fields`, with the labels of the fields above it. */
  function* everyField(fields: readonly CmsField[] | undefined, above: string[] = []): Generator<[CmsField, string[]]> {
    for (const field of fields ?? []) {
      yield [field, above]
      yield* everyField([...(field.fields ?? []), ...(field.field ? [field.field] : []), ...(field.types ?? [])], [...above, field.label])
    }
  }

  it('lists sectors by their French names and event files by the kinds of their events, in collections named in French', () => {
    expect(['generator', 'generator-sectors', 'generator-events'].map((name) => collection(name).label)).toEqual([
      'Générateur de jeux',
      'Générateur : secteurs d’activité',
      'Générateur : événements et saisons',
    ])
    expect(entry('generator-sectors', 'animals')).toMatchObject({ label: 'Animaux', file: 'content/generator/sectors/animals.json' })
    // In the order of their names, not of their (English) file names.
    expect(collection('generator-sectors').files.slice(0, 2).map((file) => file.label)).toEqual(['Agriculture et produits de la ferme', 'Animaux'])
    expect(entry('generator-events', 'seasons').label).toBe('Saisons')
    expect(entry('generator-events', 'commerce').label).toBe('Temps forts du commerce · Moments de l’entreprise')
    expect(collection('generator').files.map((file) => [file.name, file.label])).toEqual([
      ['general', 'Faits pour toutes les entreprises'],
      ['language', 'Mots de la langue'],
      ['templates', 'Textes des jeux'],
    ])
  })

  it('labels a fact’s fields in French, explains its source, and folds it to its French question', () => {
    const facts = fieldAt(entry('generator-sectors', 'animals').fields, 'facts')
    expect(facts).toMatchObject({ label: 'Faits', label_singular: 'Fait', summary: '{{fields.fr.question}}' })
    expect(facts.fields!.map((field) => field.label)).toEqual(['Métiers concernés', 'Source', 'En français', 'En anglais'])
    expect(fieldAt(facts.fields, 'fr').fields!.map((field) => field.label)).toEqual(['Question', 'Bonne réponse', 'Mauvaises réponses', 'Explication'])
    expect(fieldAt(facts.fields, 'source').hint).toMatch(/^Où un lecteur vérifie ce fait : l’adresse https:\/\/ précise d’une page publique/)
    expect(fieldAt(facts.fields, 'fr', 'explanation')).toMatchObject({ widget: 'text', hint: expect.stringContaining('l’année de tout chiffre') })
    expect(fieldAt(facts.fields, 'fr', 'distractors')).toMatchObject({ summary: '{{fields.item}}', field: { label: 'Mauvaise réponse' } })
  })

  it('folds a trade to its French name, an event to its name in sentences and its id (which it always has), and names each kind of event', () => {
    expect(fieldAt(entry('generator-sectors', 'animals').fields, 'trades')).toMatchObject({ label: 'Métiers', label_singular: 'Métier', summary: '{{fields.label.fr}}' })
    const events = fieldAt(entry('generator-events', 'holidays').fields, 'events')
    expect(events.summary).toBe('{{fields.names.fr.name}} ({{fields.id}})')
    expect(fieldAt(events.fields, 'kind').options).toContainEqual({ label: 'Fêtes et jours fériés', value: 'holiday' })
  })

  it('labels and explains every field of every bank file in French, never by its key', () => {
    const files = ['generator', 'generator-sectors', 'generator-events'].flatMap((name) => collection(name).files)
    for (const file of files) {
      for (const [field, above] of everyField(file.fields)) {
        if (field.widget === 'hidden') continue
        const where = `${file.file} › ${[...above, field.name].join(' › ')}`
        expect(field.label, where).not.toBe(field.name)
        // A list's entries and a translation are explained by the field above them.
        if (field.name !== 'item' && !['fr', 'en'].includes(field.name)) expect(field.hint ?? '', where).toMatch(/\S/)
      }
    }
  })
})

describe('the editor configuration as YAML', () => {
  it('writes block YAML, every text double-quoted so that any character survives', () => {
    const yaml = toYaml({ locale: 'fr', collections: [{ name: 'pages', files: [{ label: '« Tarifs » : 149 € HT\n# pas un commentaire', options: [2, 3], fields: [] }] }], '$schema': { hidden: true } })
    expect(yaml).toBe(
      [
        'locale: "fr"',
        'collections:',
        '  - name: "pages"',
        '    files:',
        '      - label: "« Tarifs » : 149 € HT\\n# pas un commentaire"',
        '        options:',
        '          - 2',
        '          - 3',
        '        fields: []',
        '"$schema":',
        '  hidden: true',
        '',
      ].join('\n'),
    )
  })
})
