// esbuild splits shared code by the set of entry points that import it, and every dynamic import is an
// entry point: the files every page boots with came out as some twenty small chunks, each costing a
// request, a compile task and gzip framing. Rollup rebundles esbuild's output so that each step of the boot
// is one or two files (docs/decisions/067-the-boot-in-a-few-files.md).
import * as esbuild from 'esbuild'
import { rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { rollup } from 'rollup'

/** `file` and the output files it imports, recursively: statically only, or also dynamically (`dynamic`). */
function importedFrom(metafile, file, { dynamic }) {
  const files = new Set()
  const visit = (current) => {
    if (!current || files.has(current) || !metafile.outputs[current]) return
    files.add(current)
    for (const imported of metafile.outputs[current].imports) if (dynamic || imported.kind === 'import-statement') visit(imported.path)
  }
  visit(file)
  return files
}

/** Output files a module pulls in: its own chunk and, recursively, the chunks it imports statically. */
export function outputClosure(metafile, modulePath) {
  const start = Object.entries(metafile.outputs).find(([, output]) => output.entryPoint === modulePath)?.[0]
  return importedFrom(metafile, start, { dynamic: false })
}

const isLibraryCode = (input) => input.includes('node_modules/')

/** The package a library module comes from: `@scope/name` or `name`. */
const packageOf = (input) => {
  const [first, second] = input.slice(input.lastIndexOf('node_modules/') + 'node_modules/'.length).split('/')
  return first?.startsWith('@') ? `${first}/${second}` : first
}

/**
 * An entry point for esbuild that reaches what the site uses of some libraries (`libraries`: each package's
 * names, `default` included), and that no page loads. esbuild writes each module into the file of the set of
 * entry points that reach it: a library that only the app's boot step uses lands in that step's file, beside
 * the site's code, and a release of the site's code renames it, so every visitor fetches it again. Reached
 * by this entry point too, it gets a file of its own. esbuild places whole modules, so a name listed here
 * that the site does not use is loaded all the same: list only what the site imports. Nothing loads this
 * entry's own file, which `mergeBootChunks` drops (docs/decisions/069-libraries-apart-from-the-app.md).
 */
export function librariesApart(libraries) {
  const namespace = 'libraries-apart'
  const contents = Object.entries(libraries)
    .map(([library, names], index) => `export { ${names.map((name) => `${name} as library${index}_${name}`).join(', ')} } from ${JSON.stringify(library)}`)
    .join('\n')
  return {
    entryPoint: namespace,
    plugin: {
      name: namespace,
      setup(build) {
        build.onResolve({ filter: new RegExp(`^${namespace}$`) }, (args) => ({ path: 'libraries', namespace, pluginData: args.resolveDir }))
        build.onLoad({ filter: /.*/, namespace }, (args) => ({ contents, resolveDir: args.pluginData, loader: 'js' }))
      },
    },
  }
}

/**
 * esbuild's runtime: the helpers its output calls to load CommonJS modules (`__commonJS`, `__toESM`…), in a
 * file of their own that holds no source module.
 */
function runtimeFile(metafile) {
  const files = Object.keys(metafile.outputs).filter((file) => file.endsWith('.js') && !metafile.outputs[file].entryPoint && !Object.keys(metafile.outputs[file].inputs).length)
  if (files.length > 1) throw new Error(`More than one of esbuild's files holds no source module: ${files.join(', ')}`)
  return files[0]
}

/**
 * Which group each of esbuild's script files joins. Each step of the boot (`steps`: entry points in the
 * order the page runs them) is one group: what it statically needs that no earlier step had. Where a step
 * mixes the site's code with libraries, files of library code only form a group of their own, so a release
 * that changes only the site leaves them in the visitor's cache. A file in which esbuild mixed a library with
 * the site's code would not stay there: it is refused, naming the library to set apart (`librariesApart`).
 * Files no step needs are in no group.
 *
 * esbuild's runtime (`runtime`, its file) skips the first step, the page's entry: only the libraries call
 * it, and the entry merely lists it among its imports (`mergeBootChunks` drops that line). In the entry's
 * file, every library file would import the entry, whose name changes with every release, since it names the
 * files of the steps it loads: the libraries' names would change with it.
 */
function bootGroups(metafile, steps, runtime) {
  const groups = new Map()
  for (const [index, step] of steps.entries()) {
    const name = path.basename(step).replace(/\.[^.]+$/, '')
    const files = [...outputClosure(metafile, step)].filter((file) => file.endsWith('.js') && !groups.has(file) && !(index === 0 && file === runtime))
    const inputsOf = (file) => Object.keys(metafile.outputs[file].inputs)
    const mixed = files.some((file) => inputsOf(file).some((input) => !isLibraryCode(input)))
    for (const file of files) {
      const inputs = inputsOf(file)
      const libraryInputs = inputs.filter(isLibraryCode)
      if (libraryInputs.length && libraryInputs.length < inputs.length) {
        throw new Error(
          `esbuild wrote ${[...new Set(libraryInputs.map(packageOf))].join(', ')} in a file of the site's code for the boot step ${name}: set it apart ` +
            `(librariesApart; the site lists them in BOOT_LIBRARIES, esbuild.config.mjs) so that a release of the site's code leaves it cached`,
        )
      }
      const librariesOnly = libraryInputs.length > 0 && libraryInputs.length === inputs.length && metafile.outputs[file].entryPoint !== step
      groups.set(file, mixed && librariesOnly ? `${name}-libraries` : name)
    }
  }
  return groups
}

/**
 * Rebundles the scripts esbuild wrote (`metafile` paths are relative to `root`; their imports are URLs under
 * `publicPath`, served from `outDir`) into the groups of `bootGroups`, minifies them again, replaces the
 * files and returns the new files' metafile in esbuild's shape: each output's `entryPoint`, `imports` and
 * `inputs` (their `bytesInOutput` scaled to the new file), the entry's `cssBundle`. Stylesheets and media are
 * left as they are.
 */
export async function mergeBootChunks({ metafile, root, outDir, publicPath, steps }) {
  const absolute = (file) => path.resolve(root, file)
  const relative = (file) => path.relative(root, file).split(path.sep).join('/')
  const scripts = Object.keys(metafile.outputs).filter((file) => file.endsWith('.js'))
  const entryFile = scripts.find((file) => metafile.outputs[file].entryPoint === steps[0])
  // Scripts no page loads (those of `librariesApart`) are only deleted.
  const loaded = [...importedFrom(metafile, entryFile, { dynamic: true })].filter((file) => file.endsWith('.js'))
  const byAbsolute = new Map(loaded.map((file) => [absolute(file), file]))
  const runtime = runtimeFile(metafile)
  const groupOf = new Map([...bootGroups(metafile, steps, runtime)].map(([file, group]) => [absolute(file), group]))
  const publicRoot = path.join(outDir, publicPath)
  const publicDir = (file) => path.relative(publicRoot, path.dirname(absolute(file))).split(path.sep).join('/')
  // Where esbuild put everything but the page's entry.
  const chunkDir = publicDir(loaded.find((file) => metafile.outputs[file].entryPoint !== steps[0]) ?? entryFile)
  const runtimeUrl = runtime && `${publicPath}/${path.posix.join(publicDir(runtime), path.basename(runtime))}`
  // An import of the runtime that takes nothing from it only says "run it first": it defines functions and
  // does nothing else, and every file that calls one imports it by name.
  const bareRuntimeImport = runtimeUrl && new RegExp(`import\\s*["']${runtimeUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["'];?`, 'g')
  const bundle = await rollup({
    input: loaded.filter((file) => metafile.outputs[file].entryPoint).map(absolute),
    plugins: [
      { name: 'public-path', resolveId: (id) => (id.startsWith(publicPath + '/') ? path.join(publicRoot, id.slice(publicPath.length)) : null) },
      { name: 'runtime-by-name-only', transform: (code) => (bareRuntimeImport ? code.replace(bareRuntimeImport, '') : null) },
    ],
    // esbuild already dropped what nothing uses, knowing more than its output shows about side effects.
    treeshake: false,
    // An entry merged into its group may also export what the group's other files export.
    preserveEntrySignatures: 'allow-extension',
    onwarn: (warning) => {
      throw new Error(`Rollup, merging the boot's chunks: ${warning.message}`)
    },
  })
  const baseName = (name) => name.replace(/-[A-Z0-9]{8}$/, '')
  const { output } = await bundle
    .generate({
      format: 'es',
      compact: true,
      // The page preloads every file it needs (the build lists them); an import added for that would repeat it.
      hoistTransitiveImports: false,
      hashCharacters: 'base36',
      manualChunks: (id) => groupOf.get(id),
      entryFileNames: (chunk) => path.posix.join(publicDir(byAbsolute.get(chunk.facadeModuleId)), `${baseName(chunk.name)}-[hash].js`),
      chunkFileNames: (chunk) => path.posix.join(chunkDir, `${baseName(chunk.name)}-[hash].js`),
    })
    .finally(() => bundle.close())

  // Whatever the entry imports is fetched and run before the page's first paint.
  const entryChunk = output.find((chunk) => chunk.type === 'chunk' && chunk.facadeModuleId && byAbsolute.get(chunk.facadeModuleId) === entryFile)
  if (entryChunk?.imports.length) throw new Error(`The page's entry would load ${entryChunk.imports.join(', ')} before its first paint`)
  await Promise.all(scripts.map((file) => rm(absolute(file))))
  const outputs = Object.fromEntries(Object.entries(metafile.outputs).filter(([file]) => !file.endsWith('.js')))
  const fileOf = (fileName) => relative(path.join(publicRoot, fileName))
  await Promise.all(
    output.map(async (chunk) => {
      const { code } = await esbuild.transform(chunk.code, { minify: true, format: 'esm', target: 'es2022', legalComments: 'none' })
      await writeFile(path.join(publicRoot, chunk.fileName), code)
      const merged = Object.keys(chunk.modules).map((id) => metafile.outputs[byAbsolute.get(id)])
      const mergedBytes = merged.reduce((sum, old) => sum + old.bytes, 0)
      const scale = mergedBytes ? Buffer.byteLength(code) / mergedBytes : 1
      const inputs = {}
      for (const old of merged) {
        for (const [input, { bytesInOutput }] of Object.entries(old.inputs)) {
          inputs[input] = { bytesInOutput: (inputs[input]?.bytesInOutput ?? 0) + Math.round(bytesInOutput * scale) }
        }
      }
      const facade = chunk.facadeModuleId ? metafile.outputs[byAbsolute.get(chunk.facadeModuleId)] : undefined
      outputs[fileOf(chunk.fileName)] = {
        bytes: Buffer.byteLength(code),
        inputs,
        imports: [
          ...chunk.imports.map((fileName) => ({ path: fileOf(fileName), kind: 'import-statement' })),
          ...chunk.dynamicImports.map((fileName) => ({ path: fileOf(fileName), kind: 'dynamic-import' })),
        ],
        exports: chunk.exports,
        ...(facade?.entryPoint ? { entryPoint: facade.entryPoint } : {}),
        ...(facade?.cssBundle ? { cssBundle: facade.cssBundle } : {}),
      }
    }),
  )
  return { ...metafile, outputs }
}
