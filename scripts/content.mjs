// Reads content/pages: one JSON file per page, plus an optional Markdown body of the same name.
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'

/** Keys ending in `Markdown` hold Markdown; the payload carries the rendered `…Html` instead. */
function compileMarkdownFields(value, renderMarkdown) {
  if (Array.isArray(value)) return value.map((item) => compileMarkdownFields(item, renderMarkdown))
  if (typeof value !== 'object' || value === null) return value
  const out = {}
  for (const [key, field] of Object.entries(value)) {
    if (key.endsWith('Markdown') && typeof field === 'string') out[key.slice(0, -'Markdown'.length) + 'Html'] = renderMarkdown(field)
    else out[key] = compileMarkdownFields(field, renderMarkdown)
  }
  return out
}

function assertPage(file, data) {
  const problems = []
  if (typeof data.path !== 'string' || !data.path.startsWith('/')) problems.push('"path" must be an absolute path')
  if (typeof data.meta?.title !== 'string' || !data.meta.title) problems.push('"meta.title" is required')
  if (typeof data.meta?.description !== 'string' || !data.meta.description) problems.push('"meta.description" is required')
  if (typeof data.page !== 'object' || data.page === null) problems.push('"page" must be an object')
  if (problems.length) throw new Error(`${file}: ${problems.join(', ')}`)
}

/** Every page payload, keyed by route path. */
export async function loadPagePayloads(contentDir, renderMarkdown) {
  const dir = path.join(contentDir, 'pages')
  const files = (await readdir(dir)).filter((file) => file.endsWith('.json')).sort()
  const payloads = new Map()
  await Promise.all(
    files.map(async (file) => {
      const data = JSON.parse(await readFile(path.join(dir, file), 'utf8'))
      assertPage(file, data)
      const page = compileMarkdownFields(data.page, renderMarkdown)
      const body = await readFile(path.join(dir, file.replace(/\.json$/, '.md')), 'utf8').catch(() => undefined)
      if (body !== undefined) page.bodyHtml = renderMarkdown(body)
      if (payloads.has(data.path)) throw new Error(`${file}: a second page claims ${data.path}`)
      payloads.set(data.path, { path: data.path, meta: data.meta, page })
    }),
  )
  return payloads
}
