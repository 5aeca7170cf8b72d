import type { z } from 'zod'
import { closestMatch } from '#src/lib/closest-match'
import { fieldOf } from './fields'
import { defOf, unwrap } from './schema-def'

/** Where in a file a mistake is, as its JSON path (`page.sections[2].title`), and what is wrong there. */
export interface Finding {
  path: PropertyKey[]
  message: string
}

/** The option of a discriminated union that `value` names, or the schema itself. */
function resolveUnion(schema: z.ZodType, value: unknown): z.ZodType | undefined {
  const def = defOf(schema)
  if (def.type !== 'union') return schema
  if (!def.discriminator) return undefined
  const tag = fieldOf(value, def.discriminator)
  return def.options!.find((option) => literalValues(defOf(unwrap(option)).shape?.[def.discriminator!]).includes(tag))
}

function literalValues(schema: z.ZodType | undefined): unknown[] {
  if (!schema) return []
  const def = defOf(unwrap(schema))
  if (def.type === 'literal') return def.values ?? []
  if (def.type === 'enum') return Object.values(def.entries ?? {})
  return []
}

/** The schema that describes the value at `path` of `data`, following the options the data chose. */
function schemaAt(root: z.ZodType, data: unknown, path: readonly PropertyKey[]): z.ZodType | undefined {
  let schema: z.ZodType | undefined = resolveUnion(unwrap(root), data)
  let value = data
  for (const segment of path) {
    if (!schema) return undefined
    const def = defOf(schema)
    if (def.type === 'object') schema = def.shape![segment as string]
    else if (def.type === 'array') schema = def.element
    else if (def.type === 'tuple') schema = def.items![segment as number]
    else return undefined
    value = fieldOf(value, segment)
    schema = schema && resolveUnion(unwrap(schema), value)
  }
  return schema
}

const quote = (value: string) => `"${value.length > 60 ? `${value.slice(0, 57)}…` : value}"`
const quoteAll = (values: readonly unknown[]) => values.map((value) => (typeof value === 'string' ? quote(value) : String(value))).join(', ')

/** What a schema expects, in words: "text", "a list", "an object with "label", "href"". */
function expectation(schema: z.ZodType | undefined, fallback: string): string {
  if (!schema) return KIND_NAMES[fallback] ?? fallback
  const def = defOf(unwrap(schema))
  switch (def.type) {
    case 'string':
      return 'text'
    case 'number':
      return def.format?.includes('int') ? 'a whole number' : 'a number'
    case 'boolean':
      return 'true or false'
    case 'array':
      return 'a list'
    case 'tuple':
      return `a list of ${def.items!.length}`
    case 'object': {
      const required = Object.entries(def.shape!).filter(([, field]) => !field.safeParse(undefined).success)
      return required.length ? `an object with ${quoteAll(required.map(([key]) => key))}` : 'an object'
    }
    case 'literal':
    case 'enum':
      return `one of ${quoteAll(literalValues(schema))}`
    case 'union':
      return def.discriminator ? `an object with "${def.discriminator}": ${quoteAll(def.options!.flatMap((option) => literalValues(defOf(unwrap(option)).shape?.[def.discriminator!])))}` : 'one of several shapes'
    default:
      return KIND_NAMES[fallback] ?? fallback
  }
}

/** Zod's names for the types it expected, in the words of a person editing content. */
const KIND_NAMES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  tuple: 'a list',
  object: 'an object',
}

/** What was found instead of the expected type. */
function kindOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'string') return value.length <= 40 && /\S/.test(value) ? `text (${quote(value)})` : 'text'
  if (typeof value === 'number') return 'a number'
  if (typeof value === 'boolean') return String(value)
  return 'an object'
}

/** A found value, when its type was right but not the value itself. */
function shown(value: unknown): string {
  if (typeof value === 'string') return value === '' ? 'empty text' : /\S/.test(value) ? quote(value) : 'only spaces'
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value)
  return kindOf(value)
}

const entries = (count: number) => `${count} ${count === 1 ? 'entry' : 'entries'}`
const characters = (count: number) => `${count} character${count === 1 ? '' : 's'}`

function didYouMean(word: unknown, candidates: readonly unknown[]): string | undefined {
  if (typeof word !== 'string') return undefined
  const match = closestMatch(
    word,
    candidates.filter((candidate): candidate is string => typeof candidate === 'string'),
  )
  return match === undefined ? undefined : `did you mean ${quote(match)}?`
}

function unknownValue(what: string, value: unknown, allowed: readonly unknown[]): string {
  if (value === undefined) return `missing; expected ${what === 'value' ? 'one of' : `a ${what}:`} ${quoteAll(allowed)}`
  const suggestion = didYouMean(value, allowed)
  return `unknown ${what} ${shown(value)}; ${suggestion ?? `expected one of ${quoteAll(allowed)}`}`
}

function findingsOf(issue: z.core.$ZodIssue, root: z.ZodType, data: unknown): Finding[] {
  const at = (message: string, path: PropertyKey[] = issue.path) => [{ path, message }]
  const input = 'input' in issue ? issue.input : undefined
  switch (issue.code) {
    case 'unrecognized_keys': {
      const object = schemaAt(root, data, issue.path)
      const allowed = Object.keys(defOf(object ?? root).shape ?? {})
      const value = valueAt(data, issue.path)
      const present = typeof value === 'object' && value !== null ? Object.keys(value) : []
      const free = allowed.filter((key) => !present.includes(key))
      return issue.keys.map((key) => ({
        path: [...issue.path, key],
        message: `unknown field; ${didYouMean(key, free) ?? (allowed.length ? `expected one of ${quoteAll(allowed)}` : 'no field is expected here')}`,
      }))
    }
    case 'invalid_type': {
      const expected = expectation(schemaAt(root, data, issue.path), issue.expected)
      if (input === undefined) return at(`missing; expected ${expected}`)
      // A number where a whole one is expected: the number itself says what is wrong.
      return at(`expected ${expected}, got ${issue.expected === 'int' && typeof input === 'number' ? shown(input) : kindOf(input)}`)
    }
    case 'invalid_value':
      return at(unknownValue('value', input, issue.values))
    case 'invalid_union': {
      if ('discriminator' in issue && issue.discriminator) {
        const options = (issue as { options?: unknown[] }).options ?? []
        // The path ends at the discriminator (`page.sections[1].type`); the input is the whole entry.
        const what = issue.path.at(-3) === 'sections' ? 'section type' : 'value'
        return at(unknownValue(what, fieldOf(input, issue.discriminator), options))
      }
      return describeUnion(issue, root, data)
    }
    case 'too_small': {
      const minimum = Number(issue.minimum)
      if (issue.origin === 'array') return at(`expected at least ${entries(minimum)}, got ${Array.isArray(input) && input.length ? input.length : 'none'}`)
      if (issue.origin === 'string') return at(`expected at least ${characters(minimum)}, got ${shown(input)}`)
      return at(`expected ${issue.inclusive ? 'at least' : 'more than'} ${minimum}, got ${shown(input)}`)
    }
    case 'too_big': {
      const maximum = Number(issue.maximum)
      if (issue.origin === 'array') return at(`expected at most ${entries(maximum)}, got ${Array.isArray(input) ? input.length : shown(input)}`)
      if (issue.origin === 'string') return at(`expected at most ${characters(maximum)}, got ${typeof input === 'string' ? input.length : shown(input)}`)
      return at(`expected ${issue.inclusive ? 'at most' : 'less than'} ${maximum}, got ${shown(input)}`)
    }
    case 'invalid_format':
      return at(`${issue.message}, got ${shown(input)}`)
    default:
      return at(issue.message)
  }
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((value, segment) => fieldOf(value, segment), data)
}

/**
 * A value that fits none of the shapes a field allows: either it is of none of their types ("expected
 * true or false, or text, got a number"), or the closest shape's own mistakes are told.
 */
function describeUnion(issue: z.core.$ZodIssueInvalidUnion, root: z.ZodType, data: unknown): Finding[] {
  const branches = issue.errors
  const typeOnly = branches.every((errors) => errors.length === 1 && errors[0]!.code === 'invalid_type' && errors[0]!.path.length === 0)
  if (typeOnly) {
    const expected = branches.map((errors) => KIND_NAMES[(errors[0] as z.core.$ZodIssueInvalidType).expected] ?? (errors[0] as z.core.$ZodIssueInvalidType).expected)
    const list = expected.length > 1 ? `${expected.slice(0, -1).join(', ')}, or ${expected.at(-1)}` : expected[0]
    const input = valueAt(data, issue.path)
    return [{ path: issue.path, message: input === undefined ? `missing; expected ${list}` : `expected ${list}, got ${kindOf(input)}` }]
  }
  const closest = [...branches].sort((a, b) => a.length - b.length)[0] ?? []
  return closest.flatMap((branchIssue) => findingsOf({ ...branchIssue, path: [...issue.path, ...branchIssue.path] } as z.core.$ZodIssue, root, data))
}

/**
 * Every mistake Zod found, as a person editing the file needs it: where, what was expected, and the
 * likely intended word when a field name or a value is a slip away from an allowed one. A missing field
 * that an unknown one was probably meant to be is not told twice.
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[], root: z.ZodType, data: unknown): Finding[] {
  // Zod still measures a value of the wrong kind: text where a list of at most six goes is also "longer
  // than 6". The wrong kind is the mistake; its length says nothing.
  const wrongKind = new Set(issues.filter((issue) => issue.code === 'invalid_type').map((issue) => formatPath(issue.path)))
  const sized = (issue: z.core.$ZodIssue) => issue.code === 'too_big' || issue.code === 'too_small'
  const findings = issues.filter((issue) => !(sized(issue) && wrongKind.has(formatPath(issue.path)))).flatMap((issue) => findingsOf(issue, root, data))
  const meant = new Set(
    findings.flatMap((finding) => {
      const match = /^unknown field; did you mean "(.+)"\?$/.exec(finding.message)
      return match ? [formatPath([...finding.path.slice(0, -1), match[1]!])] : []
    }),
  )
  return findings.filter((finding) => !(finding.message.startsWith('missing;') && meant.has(formatPath(finding.path))))
}

/** `["page", "sections", 2, "title"]` → `page.sections[2].title`. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((segment, index) => {
      if (typeof segment === 'number') return `[${segment}]`
      const key = String(segment)
      if (!/^[A-Za-z_$][\w$]*$/.test(key)) return `[${JSON.stringify(key)}]`
      return index === 0 ? key : `.${key}`
    })
    .join('')
}
