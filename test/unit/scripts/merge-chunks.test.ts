import * as esbuild from 'esbuild'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

interface Output {
  bytes: number
  entryPoint?: string
  cssBundle?: string
  imports: { path: string; kind: string }[]
  inputs: Record<string, { bytesInOutput: number }>
}
interface Metafile {
  inputs: Record<string, unknown>
  outputs: Record<string, Output>
}

// scripts/merge-chunks.mjs has no type declarations.
const { librariesApart, mergeBootChunks, outputClosure } = (await import(pathToFileURL(path.resolve(import.meta.dirname, '../../../scripts/merge-chunks.mjs')).href)) as {
  librariesApart: (libraries: Record<string, string[]>) => { entryPoint: string; plugin: esbuild.Plugin }
  mergeBootChunks: (options: { metafile: Metafile; root: string; outDir: string; publicPath: string; steps: string[] }) => Promise<Metafile>
  outputClosure: (metafile: Metafile, modulePath: string) => Set<string>
}

// A small app shaped like the site's: an entry that runs two boot steps one after the other (a library, then
// the app, which mixes its own code with a second library), and two lazy routes that share code with the app
// and with each other (one of them with the app's library too). A CommonJS library, as React is, used by the
// first step and a route, makes esbuild write its runtime in a file of its own. A third library is used by
// the app alone, as React Query is by the site's: esbuild would write it in the app's own file unless it is
// set apart (`librariesApart`). The app uses one of its two exports. Every module records when it runs, so
// the test sees the order and that none runs twice.
const SOURCES: Record<string, string> = {
  'src/entry.js': `globalThis.trace.push('entry')
export async function boot() {
  await import('renderer')
  const { mount } = await import('./app.js')
  return mount()
}`,
  'node_modules/legacy/index.js': `globalThis.trace.push('legacy'); module.exports = { loud: (x) => x + '!' }`,
  'node_modules/legacy/package.json': `{ "name": "legacy", "main": "index.js" }`,
  'node_modules/renderer/index.js': `import legacy from 'legacy'; globalThis.trace.push('renderer'); export const render = (x) => legacy.loud('rendered ' + x)`,
  'node_modules/renderer/package.json': `{ "name": "renderer", "main": "index.js" }`,
  'node_modules/router/index.js': `import { render } from 'renderer'; globalThis.trace.push('router'); export const route = (x) => render(x)`,
  'node_modules/router/package.json': `{ "name": "router", "main": "index.js" }`,
  'node_modules/jar/index.js': `globalThis.trace.push('jar'); export const brackets = (x) => '[' + x + ']'; export const unusedByTheApp = () => 'never loaded by the app'`,
  'node_modules/jar/package.json': `{ "name": "jar", "main": "index.js" }`,
  'src/shell.js': `import { route } from 'router'; import { brackets } from 'jar'; globalThis.trace.push('shell'); export const shell = (x) => route(brackets(x))`,
  'src/app.js': `import { shell } from './shell.js'
globalThis.trace.push('app')
export async function mount() {
  const [a, b] = await Promise.all([import('./route-a.js'), import('./route-b.js')])
  return [shell(a.page), shell(b.page)]
}`,
  'src/shared-by-routes.js': `globalThis.trace.push('shared-by-routes'); export const title = (x) => x.toUpperCase()`,
  'src/route-a.js': `import { shell } from './shell.js'; import { title } from './shared-by-routes.js'; globalThis.trace.push('route-a'); export const page = title('a') + shell('')`,
  'src/route-b.js': `import { route } from 'router'; import { title } from './shared-by-routes.js'; import legacy from 'legacy'; globalThis.trace.push('route-b'); export const page = legacy.loud(title('b') + route(''))`,
}
const STEPS = ['src/entry.js', 'node_modules/renderer/index.js', 'src/app.js']

let root: string
let before: Metafile
let after: Metafile
let scriptsBefore: number

const outDir = () => path.join(root, 'dist')
const scriptFiles = async () => (await readdir(path.join(outDir(), '_app'), { recursive: true })).filter((file) => file.endsWith('.js'))
const bootFiles = (metafile: Metafile) => new Set(STEPS.flatMap((step) => [...outputClosure(metafile, step)]))

/**
 * Writes the app's sources into a new folder, builds them with esbuild and returns where and what it wrote;
 * `apart` are the libraries given a file of their own.
 */
async function build(sources: Record<string, string>, apart: Record<string, string[]> = { jar: ['brackets'] }): Promise<{ root: string; metafile: Metafile }> {
  const root = await mkdtemp(path.join(tmpdir(), 'merge-chunks-'))
  for (const [file, source] of Object.entries(sources)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true })
    await writeFile(path.join(root, file), source)
  }
  const libraries = librariesApart(apart)
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['src/entry.js', libraries.entryPoint],
    plugins: [libraries.plugin],
    bundle: true,
    splitting: true,
    format: 'esm',
    outdir: 'dist/_app',
    chunkNames: 'chunks/[name]-[hash]',
    publicPath: '/_app',
    metafile: true,
    minify: true,
    logLevel: 'silent',
  })
  return { root, metafile: result.metafile as Metafile }
}

const merge = (root: string, metafile: Metafile) => mergeBootChunks({ metafile, root, outDir: path.join(root, 'dist'), publicPath: '/_app', steps: STEPS })

beforeAll(async () => {
  ;({ root, metafile: before } = await build(SOURCES))
  scriptsBefore = (await scriptFiles()).length
  after = await merge(root, before)
})

afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

describe('mergeBootChunks', () => {
  it('makes each boot step one file, its libraries a second one where it mixes them with the site', () => {
    expect(bootFiles(before).size).toBeGreaterThan(STEPS.length + 1)
    const [entry, renderer, app] = STEPS.map((step) => [...outputClosure(after, step)]) as [string[], string[], string[]]
    expect(entry).toHaveLength(1)
    expect(renderer.filter((file) => !entry.includes(file))).toHaveLength(1)
    const appOnly = app.filter((file) => !entry.includes(file) && !renderer.includes(file))
    expect(appOnly).toHaveLength(2)
    const libraries = appOnly.find((file) => after.outputs[file]?.entryPoint === undefined)
    expect(Object.keys(after.outputs[libraries ?? '']?.inputs ?? {}).sort()).toEqual(['node_modules/jar/index.js', 'node_modules/router/index.js'])
    const appFile = appOnly.find((file) => after.outputs[file]?.entryPoint === 'src/app.js')
    expect(Object.keys(after.outputs[appFile ?? '']?.inputs ?? {}).sort()).toEqual(['src/app.js', 'src/shell.js'])
  })

  it('loads only what the app uses of a library set apart, and drops the entry point that set it apart', async () => {
    const setApart = (metafile: Metafile) => Object.values(metafile.outputs).filter((output) => output.entryPoint?.startsWith(librariesApart({}).entryPoint))
    expect(setApart(before)).toHaveLength(1)
    expect(setApart(after)).toEqual([])
    const written = await Promise.all((await scriptFiles()).map((file) => readFile(path.join(outDir(), '_app', file), 'utf8')))
    expect(written.filter((code) => code.includes('never loaded by the app'))).toEqual([])
  })

  it('refuses a boot step whose file would mix a library with the site’s code, naming the library', async () => {
    const mixed = await build(SOURCES, {})
    try {
      await expect(merge(mixed.root, mixed.metafile)).rejects.toThrow(/jar.+app/)
    } finally {
      await rm(mixed.root, { recursive: true, force: true })
    }
  })

  it('gives esbuild’s runtime to the first library step: the entry imports nothing, the libraries nothing of the site', () => {
    expect(Object.values(before.outputs).some((output) => !output.entryPoint && !Object.keys(output.inputs).length)).toBe(true)
    const [entry, renderer, app] = STEPS.map((step) => [...outputClosure(after, step)]) as [string[], string[], string[]]
    const rendererFile = renderer.find((file) => !entry.includes(file))!
    const libraries = app.find((file) => !entry.includes(file) && !renderer.includes(file) && after.outputs[file]?.entryPoint === undefined)!
    expect(after.outputs[entry[0]!]?.imports.filter((imported) => imported.kind === 'import-statement')).toEqual([])
    expect(after.outputs[rendererFile]?.imports).toEqual([])
    expect(after.outputs[libraries]?.imports).toEqual([{ path: rendererFile, kind: 'import-statement' }])
  })

  it('keeps the libraries’ files, byte for byte under the same names, when only the site’s code changes', async () => {
    const changed = await build({ ...SOURCES, 'src/shell.js': SOURCES['src/shell.js']!.replace('route(brackets(x))', 'route(brackets(x).trim())') })
    try {
      const afterChange = await merge(changed.root, changed.metafile)
      const libraryFiles = (metafile: Metafile) =>
        Object.entries(metafile.outputs)
          .filter(([file, output]) => file.endsWith('.js') && Object.keys(output.inputs).length && Object.keys(output.inputs).every((input) => input.startsWith('node_modules/')))
          .map(([file]) => file)
          .sort()
      expect(libraryFiles(after).length).toBe(2)
      expect(libraryFiles(afterChange)).toEqual(libraryFiles(after))
      const appFile = (metafile: Metafile) => Object.keys(metafile.outputs).find((file) => metafile.outputs[file]?.entryPoint === 'src/app.js')
      expect(appFile(afterChange)).not.toBe(appFile(after))
    } finally {
      await rm(changed.root, { recursive: true, force: true })
    }
  })

  it('refuses a merge in which the entry would load another file before the first paint', async () => {
    const eager = await build({ ...SOURCES, 'src/entry.js': `import { brackets } from 'jar'\n${SOURCES['src/entry.js']!}\nexport const bracket = brackets` })
    try {
      await expect(merge(eager.root, eager.metafile)).rejects.toThrow(/The page's entry would load .+ before its first paint/)
    } finally {
      await rm(eager.root, { recursive: true, force: true })
    }
  })

  it('writes only the files it describes, and fewer than esbuild', async () => {
    const written = (await scriptFiles()).map((file) => `dist/_app/${file.split(path.sep).join('/')}`).sort()
    expect(written).toEqual(Object.keys(after.outputs).filter((file) => file.endsWith('.js')).sort())
    expect(written.length).toBeLessThan(scriptsBefore)
  })

  it('keeps every source module, entry point the page loads and static import in the metafile', () => {
    const sources = (metafile: Metafile) => new Set(Object.values(metafile.outputs).flatMap((output) => Object.keys(output.inputs)))
    const apart = librariesApart({}).entryPoint
    expect(sources(after)).toEqual(new Set([...sources(before)].filter((input) => !input.startsWith(`${apart}:`))))
    const entries = (metafile: Metafile) => Object.values(metafile.outputs).flatMap((output) => (output.entryPoint ? [output.entryPoint] : [])).sort()
    expect(entries(after)).toEqual(entries(before).filter((entry) => !entry.startsWith(`${apart}:`)))
    for (const [file, output] of Object.entries(after.outputs)) {
      for (const imported of output.imports) expect(after.outputs[imported.path], `${file} imports ${imported.path}`).toBeDefined()
    }
  })

  it('runs as esbuild’s output ran: each step when the page asks for it, every module once', async () => {
    const entryFile = Object.entries(after.outputs).find(([, output]) => output.entryPoint === 'src/entry.js')![0]
    const trace: string[] = []
    ;(globalThis as { trace?: string[] }).trace = trace
    try {
      const { boot } = (await import(pathToFileURL(path.join(root, entryFile)).href)) as { boot: () => Promise<string[]> }
      expect(trace).toEqual(['entry'])
      expect(await boot()).toEqual(['rendered [Arendered []!]!', 'rendered [Brendered !!]!'])
      expect(trace.slice(0, 3)).toEqual(['entry', 'legacy', 'renderer'])
      // The app's two libraries depend on neither each other nor the app, which needs both.
      expect(trace.slice(3, 5).sort()).toEqual(['jar', 'router'])
      expect(trace.slice(5, 7)).toEqual(['shell', 'app'])
      expect([...trace].sort()).toEqual(['app', 'entry', 'jar', 'legacy', 'renderer', 'route-a', 'route-b', 'router', 'shared-by-routes', 'shell'])
    } finally {
      delete (globalThis as { trace?: string[] }).trace
    }
  })
})
