import { z } from 'zod'
import { CONTENT_FILES, type ContentFileRule } from './content-files'

/**
 * The JSON Schema of each rule, as written to content/schemas/<name>.schema.json: what VS Code (or any
 * editor that reads `$schema`) uses to complete and underline fields. Checks that JSON Schema cannot say
 * (references, one value per plan) are left to `npm run check:content`.
 */
export function jsonSchemaFiles(rules: readonly ContentFileRule[] = CONTENT_FILES): Map<string, string> {
  const files = new Map<string, string>()
  const schemas = new Map<string, z.ZodType>()
  for (const rule of rules) {
    const known = schemas.get(rule.name)
    if (known && known !== rule.schema) throw new Error(`Two schemas are named "${rule.name}" in src/content-schema/content-files.ts`)
    if (known) continue
    schemas.set(rule.name, rule.schema)
    const jsonSchema = z.toJSONSchema(rule.schema, { target: 'draft-7', unrepresentable: 'any' })
    const document = { $schema: jsonSchema.$schema, $comment: 'Generated from src/content-schema by `npm run content:schemas`; do not edit.', ...jsonSchema }
    files.set(`content/schemas/${rule.name}.schema.json`, `${JSON.stringify(document, null, 2)}\n`)
  }
  return files
}
