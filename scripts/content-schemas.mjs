// npm run content:schemas: writes content/schemas/*.schema.json from the Zod schemas of src/content-schema,
// so that code editors complete and check content files. The unit tests fail while they are out of date.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { importTypeScript } from './import-typescript.mjs'

const ROOT = path.resolve(import.meta.dirname, '..')
const { jsonSchemaFiles } = await importTypeScript("export { jsonSchemaFiles } from './src/content-schema/json-schemas'")
const files = jsonSchemaFiles()
const folder = path.join(ROOT, 'content/schemas')
await mkdir(folder, { recursive: true })
const stale = (await readdir(folder)).filter((name) => !files.has(`content/schemas/${name}`))
await Promise.all([...stale.map((name) => rm(path.join(folder, name))), ...[...files].map(([file, text]) => writeFile(path.join(ROOT, file), text))])
console.log(`${files.size} schémas écrits dans content/schemas/${stale.length ? ` (${stale.length} supprimés : ${stale.join(', ')})` : ''}`)
