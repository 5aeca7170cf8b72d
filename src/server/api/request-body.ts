import type { AnyObjectSchema, ISchema } from 'yup'

/** A contact message is at most 5,000 characters: 32 KB leaves room for every field, and no more. */
export const MAX_BODY_BYTES = 32 * 1024

/** Field → French reason, as a 400 answer carries them. */
export type Reasons = Record<string, string>

type JsonType = 'string' | 'number'

const MESSAGES = {
  notJson: "Le corps de la requête n'est pas du JSON valide.",
  notObject: 'Le corps de la requête doit être un objet JSON (des champs entre accolades).',
  forbiddenKey: 'Ce nom de champ est interdit.',
  unknownKey: "Ce champ n'est pas attendu ici.",
  string: 'Ce champ doit être du texte.',
  number: 'Ce champ doit être un nombre.',
} as const

/** Keys that reach an object's prototype once copied around; never a field name. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

export class RequestRefused extends Error {
  constructor(readonly reasons: Reasons) {
    super(Object.values(reasons).join(' '))
  }
}

/** The body as a plain JSON object, or RequestRefused. */
export function parseJsonObject(text: string): Record<string, unknown> {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new RequestRefused({ body: MESSAGES.notJson })
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new RequestRefused({ body: MESSAGES.notObject })
  return body as Record<string, unknown>
}

/** The JSON type a field of the shared Yup schema stands for: Yup would cast anything else silently. */
function expectedType(field: ISchema<unknown>): JsonType {
  const description = field.describe() as { type: string; oneOf?: unknown[] }
  if (description.type === 'number') return 'number'
  if (description.type === 'mixed' && description.oneOf?.length && description.oneOf.every((value) => typeof value === 'number')) return 'number'
  return 'string'
}

/**
 * Refuses what Yup must never see: dangerous or unknown keys, and values of the wrong JSON type (a number,
 * an array or an object where text is expected). `extra` lists the fields the API reads besides the
 * schema's (the anti-bot signals).
 */
export function checkFields(body: Record<string, unknown>, schema: AnyObjectSchema, extra: Record<string, JsonType> = {}): Reasons {
  const reasons: [string, string][] = []
  for (const [key, value] of Object.entries(body)) {
    const field = Object.hasOwn(schema.fields, key) ? (schema.fields[key] as ISchema<unknown>) : undefined
    const type = field ? expectedType(field) : Object.hasOwn(extra, key) ? extra[key] : undefined
    if (FORBIDDEN_KEYS.has(key)) reasons.push([key, MESSAGES.forbiddenKey])
    else if (!type) reasons.push([key, MESSAGES.unknownKey])
    else if (typeof value !== type) reasons.push([key, MESSAGES[type]])
  }
  // fromEntries defines each key as data: `__proto__` stays a field name, as it was in the JSON.
  return Object.fromEntries(reasons)
}
