import type { z } from 'zod'

/** The parts of a Zod definition that the checker's messages and the editor's configuration read (Zod 4's `schema.def`). */
export interface SchemaDef {
  type: string
  shape?: Record<string, z.ZodType>
  /** Of an object: what its other keys may hold (`never` for a strict object). */
  catchall?: z.ZodType
  element?: z.ZodType
  items?: z.ZodType[]
  innerType?: z.ZodType
  in?: z.ZodType
  options?: z.ZodType[]
  discriminator?: string
  entries?: Record<string, string | number>
  values?: unknown[]
  format?: string
}

export const defOf = (schema: z.ZodType) => schema.def as unknown as SchemaDef

/** Definitions that only wrap another schema (`innerType`); a `pipe` wraps its input (`in`). */
export const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'])

/** The schema inside `schema`'s wrappers and pipes, and each layer met on the way, outermost first. */
export function layersOf(schema: z.ZodType): { core: z.ZodType; layers: z.ZodType[] } {
  const layers = [schema]
  for (let def = defOf(schema); WRAPPERS.has(def.type) || def.type === 'pipe'; def = defOf(layers.at(-1)!)) {
    layers.push((def.type === 'pipe' ? def.in : def.innerType)!)
  }
  return { core: layers.at(-1)!, layers }
}

/** The schema inside its wrappers (`optional`, `default`…) and pipes. */
export const unwrap = (schema: z.ZodType): z.ZodType => layersOf(schema).core
