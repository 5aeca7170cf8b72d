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
    expect(config.collections.map((candidate) => candidate.name)).toEqual(['pages', 'pages-textes', 'site', 'generator', 'generator-events', 'generator-sectors'])
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
    expect(fieldAt(plans.fields, 'highlights')).toMatchObject({ widget: 'list', field: { name: 'item', label: 'Point fort', widget: 'string' } })
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
