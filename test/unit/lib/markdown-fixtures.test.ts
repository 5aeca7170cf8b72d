// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import MarkdownIt from 'markdown-it'
import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '#src/lib/markdown'
import { sanitizeHtml } from '#src/lib/sanitize-html'

/**
 * Every source of markdown-it's own fixtures, rendered by the site's renderer and by markdown-it 14 configured
 * as the original site (seed: raw HTML, linkify without bare e-mails, typographer with “”‘’, no line-break
 * conversion), must give the same HTML, except the few differences listed below with their reason. The site's
 * own cases (`site/`) are compared the same way; their expected HTML is markdown-it's, checked as written.
 */

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/markdown-it')

/** Known differences, by fixture id (file:line of the source's first line). The test fails if one starts matching. */
const DIFFERENCES: Record<string, string> = {
  'markdown-it/commonmark_extras.txt:3':
    'marked pairs the runs of `*****Hello*world****` by its own emphasis algorithm, not by the delimiter stack of the spec',
  'markdown-it/commonmark_extras.txt:513':
    'marked lets a lazy line continue a blockquote that holds only a reference definition; markdown-it starts a paragraph after it',
  'markdown-it/commonmark_extras.txt:522':
    'marked expands into spaces a tab that follows `>` beyond the code indentation; markdown-it keeps that tab in the code',
  'markdown-it/strikethrough.txt:37':
    'marked closes `**…**` before strikethrough pairs its `~~`: in `~~**test~~**` the strike pair cannot cross the strong text',
}

interface Fixture {
  id: string
  title: string
  source: string
  expected: string
}

/** markdown-it-testgen's format: a title, then `.`, source, `.`, expected HTML, `.`. */
function readFixtures(file: string): Fixture[] {
  const lines = readFileSync(path.join(FIXTURES, file), 'utf8').split(/\r?\n/)
  const fixtures: Fixture[] = []
  let line = 0
  while (line < lines.length) {
    if (lines[line] !== '.') {
      line++
      continue
    }
    const start = ++line
    while (line < lines.length && lines[line] !== '.') line++
    const source = lines.slice(start, line).join('\n')
    const expectedStart = ++line
    while (line < lines.length && lines[line] !== '.') line++
    const expected = lines.slice(expectedStart, line).join('\n')
    if (line++ >= lines.length) break
    const title = [lines[start - 2], lines[start - 3]].find((text) => text?.trim() && text !== '.')?.trim() ?? ''
    fixtures.push({ id: `${file}:${start + 1}`, title, source: source ? `${source}\n` : source, expected: expected ? `${expected}\n` : expected })
  }
  return fixtures
}

const files = ['commonmark', 'markdown-it', 'site'].flatMap((folder) =>
  readdirSync(path.join(FIXTURES, folder))
    .filter((name) => name.endsWith('.txt'))
    .sort()
    .map((name) => `${folder}/${name}`),
)
const fixtures = files.flatMap(readFixtures)

const markdownIt = new MarkdownIt({ html: true, linkify: true, typographer: true, quotes: '“”‘’', breaks: false })
markdownIt.linkify.set({ fuzzyEmail: false })

/**
 * Both outputs go through the site's sanitizer, then through the DOM: whitespace-only text between tags is
 * dropped (outside `<pre>`), attributes are sorted and the serializer writes entities one way. Text, tags,
 * attribute values and code stay as they are.
 */
function normalize(html: string): string {
  const template = document.createElement('template')
  template.innerHTML = sanitizeHtml(html)
  const walker = document.createTreeWalker(template.content, NodeFilter.SHOW_TEXT)
  const blank: Node[] = []
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.nodeValue!.trim() && !node.parentElement?.closest('pre')) blank.push(node)
  }
  for (const node of blank) node.parentNode!.removeChild(node)
  for (const element of template.content.querySelectorAll('*')) {
    const attributes = [...element.attributes].map(({ name, value }) => [name, value] as const).sort(([a], [b]) => a.localeCompare(b))
    for (const [name] of attributes) element.removeAttribute(name)
    for (const [name, value] of attributes) element.setAttribute(name, value)
  }
  return template.innerHTML.trim()
}

const outputs = new Map<string, { site: string; markdownIt: string }>()

/** Both normalized outputs of a fixture, computed once for its own test and the summary. */
function renders({ id, source }: Fixture) {
  if (!outputs.has(id)) outputs.set(id, { site: normalize(renderMarkdown(source)), markdownIt: normalize(markdownIt.render(source)) })
  return outputs.get(id)!
}

describe("Markdown renderer against markdown-it's fixtures", () => {
  describe.each(files)('%s', (file) => {
    it.each(fixtures.filter(({ id }) => id.startsWith(`${file}:`)).map((fixture) => [`${fixture.id} ${fixture.title}`, fixture] as const))(
      '%s',
      (_, fixture) => {
        // A site case must still hold what it was written for: an editor stripping trailing spaces would empty it.
        if (fixture.id.startsWith('site/')) expect(markdownIt.render(fixture.source)).toBe(fixture.expected)
        const { site, markdownIt: reference } = renders(fixture)
        if (fixture.id in DIFFERENCES) expect(site, DIFFERENCES[fixture.id]).not.toBe(reference)
        else expect(site).toBe(reference)
      },
    )
  })

  it('renders at least 98% of the fixtures exactly as markdown-it, and every listed difference is one', { timeout: 60_000 }, () => {
    const differing = fixtures.filter((fixture) => {
      const { site, markdownIt } = renders(fixture)
      return site !== markdownIt
    })
    expect(differing.map(({ id }) => id)).toEqual(Object.keys(DIFFERENCES))
    expect(fixtures.filter(({ id }) => !id.startsWith('site/'))).toHaveLength(859)
    expect(fixtures.filter(({ id }) => id.startsWith('site/'))).toHaveLength(23)
    expect((fixtures.length - differing.length) / fixtures.length).toBeGreaterThanOrEqual(0.98)
  })
})
