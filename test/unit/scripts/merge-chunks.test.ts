import * as esbuild from 'esbuild'
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
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
const { mergeBootChunks, outputClosure } = (await import(pathToFileURL(path.resolve(import.meta.dirname, '../../../scripts/merge-chunks.mjs')).href)) as {
  mergeBootChunks: (options: { metafile: Metafile; root: string; outDir: string; publicPath: string; steps: string[] }) => Promise<Metafile>
  outputClosure: (metafile: Metafile, modulePath: string) => Set<string>
}

// A small app shaped like the site's: an entry that runs two boot steps one after the other (a library, then
// the app, which mixes its own code with a second library), and two lazy routes that share code with the app
// and with each other (one of them with the app's library too). Every module records when it runs, so the test sees the order and that none runs twice.
const SOURCES: Record<string, string> = {
  'src/trace.js': `export const trace = (globalThis.trace ??= []); export const ran = (name) => trace.push(name)`,
  'src/entry.js': `import { ran } from './trace.js'
ran('entry')
export async function boot() {
  await import('renderer')
  const { mount } = await import('./app.js')
  return mount()
}`,
  'node_modules/renderer/index.js': `import { ran } from '../../src/trace.js'; ran('renderer'); export const render = (x) => 'rendered ' + x`,
  'node_modules/renderer/package.json': `{ "name": "renderer", "main": "index.js" }`,
  'node_modules/router/index.js': `import { ran } from '../../src/trace.js'; import { render } from 'renderer'; ran('router'); export const route = (x) => render(x)`,
  'node_modules/router/package.json': `{ "name": "router", "main": "index.js" }`,
  'src/shell.js': `import { ran } from './trace.js'; import { route } from 'router'; ran('shell'); export const shell = (x) => route('[' + x + ']')`,
  'src/app.js': `import { ran } from './trace.js'
import { shell } from './shell.js'
ran('app')
export async function mount() {
  const [a, b] = await Promise.all([import('./route-a.js'), import('./route-b.js')])
  return [shell(a.page), shell(b.page)]
}`,
  'src/shared-by-routes.js': `import { ran } from './trace.js'; ran('shared-by-routes'); export const title = (x) => x.toUpperCase()`,
  'src/route-a.js': `import { ran } from './trace.js'; import { shell } from './shell.js'; import { title } from './shared-by-routes.js'; ran('route-a'); export const page = title('a') + shell('')`,
  'src/route-b.js': `import { ran } from './trace.js'; import { route } from 'router'; import { title } from './shared-by-routes.js'; ran('route-b'); export const page = title('b') + route('')`,
}
const STEPS = ['src/entry.js', 'node_modules/renderer/index.js', 'src/app.js']

let root: string
let before: Metafile
let after: Metafile
let scriptsBefore: number

const outDir = () => path.join(root, 'dist')
const scriptFiles = async () => (await readdir(path.join(outDir(), '_app'), { recursive: true })).filter((file) => file.endsWith('.js'))
const bootFiles = (metafile: Metafile) => new Set(STEPS.flatMap((step) => [...outputClosure(metafile, step)]))

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'merge-chunks-'))
  for (const [file, source] of Object.entries(SOURCES)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true })
    await writeFile(path.join(root, file), source)
  }
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['src/entry.js'],
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
  before = result.metafile as Metafile
  scriptsBefore = (await scriptFiles()).length
  after = await mergeBootChunks({ metafile: before, root, outDir: outDir(), publicPath: '/_app', steps: STEPS })
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
    expect(Object.keys(after.outputs[libraries ?? '']?.inputs ?? {})).toEqual(['node_modules/router/index.js'])
  })

  it('writes only the files it describes, and fewer than esbuild', async () => {
    const written = (await scriptFiles()).map((file) => `dist/_app/${file.split(path.sep).join('/')}`).sort()
    expect(written).toEqual(Object.keys(after.outputs).filter((file) => file.endsWith('.js')).sort())
    expect(written.length).toBeLessThan(scriptsBefore)
  })

  it('keeps every source module, entry point and static import in the metafile', () => {
    const sources = (metafile: Metafile) => new Set(Object.values(metafile.outputs).flatMap((output) => Object.keys(output.inputs)))
    expect(sources(after)).toEqual(sources(before))
    const entries = (metafile: Metafile) => Object.values(metafile.outputs).flatMap((output) => (output.entryPoint ? [output.entryPoint] : [])).sort()
    expect(entries(after)).toEqual(entries(before))
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
      expect(await boot()).toEqual(['rendered [Arendered []]', 'rendered [Brendered ]'])
      expect(trace.slice(0, 5)).toEqual(['entry', 'renderer', 'router', 'shell', 'app'])
      expect([...trace].sort()).toEqual(['app', 'entry', 'renderer', 'route-a', 'route-b', 'router', 'shared-by-routes', 'shell'])
    } finally {
      delete (globalThis as { trace?: string[] }).trace
    }
  })
})
