// The bench's reference page (scripts/bench-reference/): the stack's floor, built with the site's own esbuild
// options and prerendered the way the site's pages are.
import * as esbuild from 'esbuild'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { addCompileHints, clientOptions, prerenderOptions, ROOT } from '../esbuild.config.mjs'

const SOURCE = path.join(ROOT, 'scripts/bench-reference')
const PAYLOAD = { text: 'Une page nue de la même pile : React, TanStack Router et React Query hydratent ce seul paragraphe.' }

/** Builds the reference page into `outDir`: index.html with its prerendered paragraph, its bundle, its payload. */
export async function buildReferencePage(outDir) {
  await rm(outDir, { recursive: true, force: true })
  await mkdir(outDir, { recursive: true })
  const prerenderFile = path.join(outDir, 'prerender.mjs')
  const [client] = await Promise.all([
    esbuild.build({ ...clientOptions(outDir, {}, false, ROOT), entryPoints: [path.join(SOURCE, 'reference-page.tsx')] }),
    esbuild.build({ ...prerenderOptions(prerenderFile, {}, ROOT), entryPoints: [path.join(SOURCE, 'reference-prerender.tsx')] }),
  ])
  await addCompileHints(client.metafile, [path.relative(ROOT, path.join(SOURCE, 'reference-page.tsx'))])
  const [{ JSDOM }, { renderReference }] = await Promise.all([import('jsdom'), import(pathToFileURL(prerenderFile).href)])
  // As in the site's build: the router runs its browser code path, which reads `window`.
  globalThis.window ??= new JSDOM('<!doctype html><html><body></body></html>', { url: 'http://127.0.0.1/' }).window
  globalThis.self ??= globalThis
  const markup = await renderReference(PAYLOAD)
  await rm(prerenderFile)
  const entry = Object.keys(client.metafile.outputs).find((file) => client.metafile.outputs[file].entryPoint)
  const script = '/' + path.relative(outDir, path.resolve(ROOT, entry)).split(path.sep).join('/')
  const html = `<!doctype html>
<html lang="fr">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Référence du bench</title>
    <link rel="icon" href="data:,">
    <script type="module" src="${script}"></script>
  </head>
  <body>
    <div id="app">${markup}</div>
  </body>
</html>
`
  await Promise.all([writeFile(path.join(outDir, 'index.html'), html), writeFile(path.join(outDir, '_payload.json'), JSON.stringify(PAYLOAD))])
}
