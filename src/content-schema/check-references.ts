import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { closestMatch } from '#src/lib/closest-match'
import { bankReferenceProblems } from '#src/server/generator/bank-schema'
import type { ContentFile, ContentProblem } from './check-content'
import { formatPath } from './describe-issue'
import { fieldOf } from './fields'

interface ReferenceOptions {
  root: string
  routes?: readonly string[]
  redirects: readonly string[]
  /** Files that are not JSON: the route a page file of them stands for is unknown. */
  unreadable: readonly string[]
}

type JsonPath = PropertyKey[]

const quoteAll = (values: Iterable<string>) => [...values].map((value) => `"${value}"`).join(', ')

function suggestion(word: string, candidates: Iterable<string>, otherwise: string): string {
  const match = closestMatch(word, candidates)
  return match === undefined ? otherwise : `did you mean "${match}"?`
}

/** Every value in `data` with its path and the key it sits under. */
function* walk(data: unknown, at: JsonPath = []): Generator<{ path: JsonPath; key: PropertyKey | undefined; value: unknown }> {
  yield { path: at, key: at.at(-1), value: data }
  if (typeof data !== 'object' || data === null) return
  const entries: [PropertyKey, unknown][] = Array.isArray(data) ? data.map((item, index) => [index, item]) : Object.entries(data)
  for (const [key, value] of entries) yield* walk(value, [...at, key])
}

function sectionsOf(content: ContentFile): unknown[] {
  const sections = fieldOf(fieldOf(content.data, 'page'), 'sections')
  return Array.isArray(sections) ? sections : []
}

/** Whether `data` holds, anywhere, an entry whose `id` is `id`. */
function holdsId(data: unknown, id: string): boolean {
  for (const { key, value } of walk(data)) if (key === 'id' && value === id) return true
  return false
}

/** The names in each folder of static/, read once. */
function staticFolders(root: string) {
  const folders = new Map<string, Promise<Set<string>>>()
  return (folder: string) => {
    let names = folders.get(folder)
    if (!names) {
      names = readdir(path.join(root, 'static', folder)).then(
        (list) => new Set(list),
        () => new Set<string>(),
      )
      folders.set(folder, names)
    }
    return names
  }
}

/**
 * What content files name elsewhere: the case a proof quotes, the page whose game list a games section
 * takes, the pictures of static/, the pages links lead to, and the routes the page files stand for. A
 * reference into a file that has mistakes of its own is not judged, so one slip is told once.
 */
export async function findBrokenReferences(files: readonly ContentFile[], { root, routes, redirects, unreadable }: ReferenceOptions): Promise<ContentProblem[]> {
  const problems: ContentProblem[] = []
  const report = (file: string, at: JsonPath, message: string) => problems.push({ file, path: formatPath(at), message })

  // The generator's bank: ids across files and the sectors events name.
  const GENERATOR = 'content/generator/'
  const bankFiles = (folder: string) => files.filter((content) => content.file.startsWith(`${GENERATOR}${folder}/`)).map((content) => ({ path: content.file.slice(GENERATOR.length), data: content.data }))
  for (const { file, at, message } of bankReferenceProblems(bankFiles('sectors'), bankFiles('events'))) {
    report(GENERATOR + file, at, message)
  }

  const pages = new Map<string, ContentFile>()
  for (const content of files) {
    const route = fieldOf(content.data, 'path')
    if (!content.file.startsWith('content/pages/') || typeof route !== 'string') continue
    const other = pages.get(route)
    if (other) report(content.file, ['path'], `"${route}" is already the path of ${other.file}; expected a path of its own`)
    else pages.set(route, content)
  }
  if (routes) {
    // A route whose page file names another path by a slip, or cannot be read, is told once: there.
    const meant = new Set<string>()
    for (const [route, content] of pages) {
      if (routes.includes(route)) continue
      const match = closestMatch(route, routes)
      if (match) meant.add(match)
      report(content.file, ['path'], `no route "${route}" in src/app/route-tree.tsx; ${match ? `did you mean "${match}"?` : `expected one of ${quoteAll(routes)}`}`)
    }
    for (const route of routes) {
      if (pages.has(route) || meant.has(route) || unreadable.some((file) => file.startsWith('content/pages/'))) continue
      problems.push({ file: 'content/pages', path: '(folder)', message: `no page file has the path "${route}" of src/app/route-tree.tsx; expected one` })
    }
  }

  const cases = new Map<string, { file: string; section: number; item: unknown }>()
  for (const content of pages.values()) {
    sectionsOf(content).forEach((section, sectionIndex) => {
      const items = fieldOf(section, 'items')
      if (fieldOf(section, 'type') !== 'cases' || !Array.isArray(items)) return
      items.forEach((item, itemIndex) => {
        const id = fieldOf(item, 'id')
        if (typeof id !== 'string') return
        const first = cases.get(id)
        // Twice in one section is the schema's to tell.
        if (first && (first.file !== content.file || first.section !== sectionIndex)) {
          report(content.file, ['page', 'sections', sectionIndex, 'items', itemIndex, 'id'], `"${id}" is already the id of a case in ${first.file}; expected an id of its own`)
        }
        if (!first) cases.set(id, { file: content.file, section: sectionIndex, item })
      })
    })
  }

  for (const content of pages.values()) {
    sectionsOf(content).forEach((section, sectionIndex) => {
      const at: JsonPath = ['page', 'sections', sectionIndex]
      const type = fieldOf(section, 'type')
      const quoted = fieldOf(section, 'cases')
      if (type === 'proof' && Array.isArray(quoted)) {
        quoted.forEach((reference, index) => {
          const name = fieldOf(reference, 'case')
          if (typeof name !== 'string') return
          const found = cases.get(name)
          const where = [...at, 'cases', index]
          if (!found) {
            if (files.some((other) => !other.valid && holdsId(other.data, name))) return
            report(content.file, [...where, 'case'], `unknown case "${name}"; ${suggestion(name, cases.keys(), `expected the id of a case: ${quoteAll(cases.keys())}`)}`)
            return
          }
          const figures = fieldOf(found.item, 'figures')
          const figure = fieldOf(reference, 'figure')
          if (Array.isArray(figures) && typeof figure === 'number' && figure >= figures.length) {
            report(content.file, [...where, 'figure'], `expected the position of one of the ${figures.length} figures of the case "${name}" (0 to ${figures.length - 1}), got ${figure}`)
          }
          if (!fieldOf(found.item, 'quote')) report(content.file, [...where, 'case'], `the case "${name}" has no quote to show; expected a case with a "quote"`)
        })
      }
      const source = fieldOf(section, 'itemsFrom')
      if (type === 'games' && typeof source === 'string') {
        const target = pages.get(source)
        if (!target) report(content.file, [...at, 'itemsFrom'], `no page has the path "${source}"; ${suggestion(source, pages.keys(), 'expected the path of the page that lists the games ("/")')}`)
        else if (target.valid && !sectionsOf(target).some((candidate) => fieldOf(candidate, 'type') === 'games' && Array.isArray(fieldOf(candidate, 'items')))) {
          report(content.file, [...at, 'itemsFrom'], `the page "${source}" (${target.file}) has no games section with its own "items"; expected the path of the page that lists the games`)
        }
      }
    })
  }

  const folder = staticFolders(root)
  // Links lead to routes, which stay where they are when a page file's path is mistyped.
  const linkable = new Set([...(routes ?? pages.keys()), ...redirects])
  /** What is wrong with a picture or a link, in the order the files hold them. */
  const leafProblems = await Promise.all(
    files.flatMap((content) =>
      [...walk(content.data)].map(async ({ path: at, key, value }): Promise<ContentProblem | undefined> => {
        if (typeof value !== 'string') return undefined
        const problem = (message: string) => ({ file: content.file, path: formatPath(at), message })
        if (key === 'illustration') {
          const names = await folder('images/games')
          if (names.has(`${value}.svg`)) return undefined
          const pictures = [...names].filter((name) => name.endsWith('.svg')).map((name) => name.slice(0, -'.svg'.length))
          return problem(`no picture static/images/games/${value}.svg; ${suggestion(value, pictures, `expected one of ${quoteAll(pictures)}`)}`)
        }
        if (value.startsWith('/images/')) {
          const dir = path.posix.dirname(value)
          const names = await folder(dir.slice(1))
          if (names.has(path.posix.basename(value))) return undefined
          const siblings = [...names].map((name) => `${dir}/${name}`)
          return problem(`no file static${value}; ${suggestion(value, siblings, names.size ? `expected one of ${quoteAll(siblings)}` : 'expected a picture under static/images')}`)
        }
        if (key === 'href' && value.startsWith('/')) {
          const target = value.replace(/[?#].*$/, '') || '/'
          if (!linkable.has(target)) return problem(`no page has the path "${target}"; ${suggestion(target, linkable, 'expected the path of a page of the site')}`)
        }
        return undefined
      }),
    ),
  )
  for (const problem of leafProblems) if (problem) problems.push(problem)
  return problems
}
