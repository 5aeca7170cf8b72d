import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')

// esbuild.config.mjs has no type declarations.
const { BOOT_LIBRARIES } = (await import(pathToFileURL(path.join(ROOT, 'esbuild.config.mjs')).href)) as { BOOT_LIBRARIES: Record<string, string[]> }

/** The names the site's sources import from `library` as values (`default` for a default import), types left out. */
async function namesImported(library: string): Promise<Set<string>> {
  const names = new Set<string>()
  const files = (await readdir(path.join(ROOT, 'src'), { recursive: true })).filter((file) => /\.tsx?$/.test(file))
  for (const file of files) {
    const source = await readFile(path.join(ROOT, 'src', file), 'utf8')
    for (const [, clause = '', from] of source.matchAll(/^import\s+(?!type\s)((?:(?!\bfrom\b)[^;])*?)\s+from\s+'([^']+)'/gm)) {
      if (from !== library) continue
      const [defaultName, named = ''] = clause.startsWith('{') ? ['', clause] : clause.split(/,\s*(?=\{)/)
      if (defaultName) names.add('default')
      for (const name of named.replace(/[{}]/g, '').split(',')) {
        const trimmed = name.trim()
        if (trimmed && !trimmed.startsWith('type ')) names.add(trimmed.split(/\s+as\s+/)[0]!)
      }
    }
  }
  return names
}

describe('the libraries set apart from the site’s boot code', () => {
  // esbuild places whole modules: a name listed that the site does not use would be loaded by every page.
  it.each(Object.entries(BOOT_LIBRARIES))('lists only what the site imports from %s', async (library, names) => {
    const imported = await namesImported(library)
    expect(imported.size).toBeGreaterThan(0)
    expect(names.filter((name) => !imported.has(name))).toEqual([])
  })
})
