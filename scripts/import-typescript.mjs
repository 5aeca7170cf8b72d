// Loads a piece of the site's TypeScript (or of its tests) into a script: bundled by esbuild for Node (as the server
// is), imported, and its temporary file removed once the module is in memory.
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import * as esbuild from 'esbuild'

const ROOT = path.resolve(import.meta.dirname, '..')

/** `source`: the entry module's code, resolved from the repository root (e.g. re-exports of `./src/...`). */
export async function importTypeScript(source) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ludora-bench-'))
  try {
    const outfile = path.join(dir, 'module.mjs')
    await esbuild.build({
      stdin: { contents: source, resolveDir: ROOT, loader: 'ts' },
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      tsconfig: path.join(ROOT, 'tsconfig.json'),
      logLevel: 'silent',
      absWorkingDir: ROOT,
    })
    return await import(pathToFileURL(outfile).href)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
