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

/** Every page payload, keyed by route path. The content has been checked (src/content-schema/check-content.ts). */
export async function loadPagePayloads(contentDir, renderMarkdown) {
  const dir = path.join(contentDir, 'pages')
  const files = (await readdir(dir)).filter((file) => file.endsWith('.json')).sort()
  const payloads = new Map()
  await Promise.all(
    files.map(async (file) => {
      const data = JSON.parse(await readFile(path.join(dir, file), 'utf8'))
      const page = compileMarkdownFields(data.page, renderMarkdown)
      const body = await readFile(path.join(dir, file.replace(/\.json$/, '.md')), 'utf8').catch(() => undefined)
      if (body !== undefined) page.bodyHtml = renderMarkdown(body)
      payloads.set(data.path, { path: data.path, meta: data.meta, page })
    }),
  )
  return payloads
}
