import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { jsonSchemaFiles } from '#src/content-schema/json-schemas'

const ROOT = path.resolve(import.meta.dirname, '../../..')

describe('the JSON Schemas of content/', () => {
  it('are those the Zod schemas give: after a schema change, run `npm run content:schemas`', async () => {
    const expected = jsonSchemaFiles()
    const written = (await readdir(path.join(ROOT, 'content/schemas'))).map((name) => `content/schemas/${name}`)
    expect(written.sort(), 'npm run content:schemas').toEqual([...expected.keys()].sort())
    for (const [file, text] of expected) expect(await readFile(path.join(ROOT, file), 'utf8'), `${file} is out of date: npm run content:schemas`).toBe(text)
  })

  it('let an editor refuse unknown fields and offer each section type with its French label', () => {
    const schema = JSON.parse(jsonSchemaFiles().get('content/schemas/home-page.schema.json')!)
    expect(schema.additionalProperties).toBe(false)
    expect(Object.keys(schema.properties)).toEqual(['$schema', 'path', 'meta', 'page'])
    const hero = schema.definitions['hero-section']
    expect(hero).toMatchObject({ title: 'Haut de page', additionalProperties: false, properties: { type: { const: 'hero' }, heading: { type: 'string', title: 'Titre de la page', widget: 'string' } } })
    expect(hero.properties.image.properties.src).toMatchObject({ widget: 'image' })
    expect(schema.definitions['page-meta'].properties.image).toMatchObject({ required: ['src', 'alt'] })
  })
})
