import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { CONTENT_FILES, ruleFor, schemaReferenceFor, type ContentFileRule } from './content-files'
import { findBrokenReferences } from './check-references'
import { describeIssues, formatPath } from './describe-issue'

/** One mistake in content/: the file, the JSON path in it, and what was expected there. */
export interface ContentProblem {
  file: string
  path: string
  message: string
}

/** `content/pages/home.json › page.sections[2].titel: unknown field; did you mean "title"?` */
export function formatProblem({ file, path: where, message }: ContentProblem): string {
  return `${file} › ${where}: ${message}`
}

/** A content file as read: its repository path, the rule that describes it, its data if it is JSON. */
export interface ContentFile {
  file: string
  rule: ContentFileRule
  data: unknown
  /** Whether it fits its schema: references into a file that does not are not judged (its own mistakes are told). */
  valid: boolean
}

export interface ContentCheckOptions {
  /** The repository root (content/ and static/ are read there). */
  root: string
  rules?: readonly ContentFileRule[]
  /** The paths of the route tree: each needs a page file, and each page file one of them. */
  routes?: readonly string[]
  /** Paths a link may name besides the pages: aliases and exits of the route rules (`/tarifs`, `/login`). */
  redirects?: readonly string[]
}

export interface ContentCheck {
  problems: ContentProblem[]
  /** Every file checked, by repository path. */
  files: ContentFile[]
}

/** The `.json` files of each folder the rules name, by repository path. */
async function listContentFiles(root: string, rules: readonly ContentFileRule[]): Promise<string[]> {
  const folders = [...new Set(rules.map((rule) => path.posix.dirname(rule.files)))]
  const listed = await Promise.all(
    folders.map(async (folder) => {
      const names = await readdir(path.join(root, folder)).catch(() => [])
      return names.filter((name) => name.endsWith('.json')).map((name) => `${folder}/${name}`)
    }),
  )
  return listed.flat().sort()
}

/** `Unexpected token } in JSON at position 120` → where that is, as a person counts lines. */
function jsonSyntaxProblem(file: string, text: string, error: Error): ContentProblem {
  const position = Number(/at position (\d+)/.exec(error.message)?.[1] ?? text.length)
  const before = text.slice(0, position).split('\n')
  const reason = error.message.replace(/\s*(in JSON )?at position \d+.*$/, '').replace(/ \(line \d+ column \d+\)$/, '')
  return { file, path: `line ${before.length}, column ${before.at(-1)!.length + 1}`, message: `not valid JSON: ${reason}` }
}

async function checkFile(root: string, file: string, rule: ContentFileRule): Promise<{ problems: ContentProblem[]; content?: ContentFile }> {
  const text = await readFile(path.join(root, file), 'utf8')
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    return { problems: [jsonSyntaxProblem(file, text, error as Error)] }
  }
  const problems: ContentProblem[] = []
  const expectedReference = schemaReferenceFor(file, rule)
  const reference = typeof data === 'object' && data !== null ? (data as Record<string, unknown>).$schema : undefined
  if (reference !== expectedReference) {
    const expected = `"${expectedReference}" (its JSON Schema, for code editors)`
    problems.push({ file, path: '$schema', message: reference === undefined ? `missing; expected ${expected}` : `expected ${expected}, got ${JSON.stringify(reference)}` })
  }
  const result = rule.schema.safeParse(data, { reportInput: true })
  if (result.error) {
    for (const finding of describeIssues(result.error.issues, rule.schema, data)) {
      if (finding.path[0] === '$schema') continue
      problems.push({ file, path: formatPath(finding.path) || '(file)', message: finding.message })
    }
  }
  if (rule.markdownBody) {
    const body = file.replace(/\.json$/, '.md')
    const exists = await readFile(path.join(root, body)).then(
      () => true,
      () => false,
    )
    if (!exists) problems.push({ file, path: 'page', message: `expected its text in ${body}, which does not exist` })
  }
  return { problems, content: { file, rule, data, valid: result.success } }
}

/**
 * Checks every file of content/ against its schema, then what files name in each other and in static/
 * (cases, game lists, pictures, links, routes). Reports every mistake at once; never throws for one.
 */
export async function checkContent({ root, rules = CONTENT_FILES, routes, redirects = [] }: ContentCheckOptions): Promise<ContentCheck> {
  const files = await listContentFiles(root, rules)
  const checked = await Promise.all(
    files.map(async (file) => {
      const rule = ruleFor(file, rules)
      if (!rule) return { problems: [{ file, path: '(file)', message: 'no schema describes this file; expected a rule for it in src/content-schema/content-files.ts' }] }
      return checkFile(root, file, rule)
    }),
  )
  const contents = checked.flatMap((result) => (result.content ? [result.content] : []))
  const unreadable = files.filter((file) => !contents.some((content) => content.file === file))
  const problems = [...checked.flatMap((result) => result.problems), ...(await findBrokenReferences(contents, { root, routes, redirects, unreadable }))]
  const order = new Map(files.map((file, index) => [file, index]))
  // Grouped by file, in the order found within each; what concerns a whole folder comes last.
  problems.sort((a, b) => (order.get(a.file) ?? Infinity) - (order.get(b.file) ?? Infinity))
  return { problems, files: contents }
}
