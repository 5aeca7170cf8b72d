// Bundles the API for the serverless platforms (README, "Déployer l'API").
//   node scripts/build-api.mjs cloudflare   → .build/api/cloudflare/worker.mjs (deploy/cloudflare/wrangler.toml)
//   node scripts/build-api.mjs netlify      → .netlify/v1/functions/ludora-api/ (Netlify's Frameworks API)
import * as esbuild from 'esbuild'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export const API_TARGETS = {
  cloudflare: {
    entry: 'src/server/platforms/cloudflare-worker.ts',
    outdir: path.join(ROOT, '.build/api/cloudflare'),
    // Web APIs only: no nodejs_compat flag needed, nothing of Node is bundled.
    options: { platform: 'neutral', mainFields: ['module', 'main'], conditions: ['workerd', 'worker', 'browser'], target: 'es2022' },
  },
  netlify: {
    entry: 'src/server/platforms/netlify-function.ts',
    outdir: path.join(ROOT, '.netlify/v1/functions/ludora-api'),
    options: { platform: 'node', target: 'node20' },
  },
}

/**
 * Bundles one platform's entry; returns the file the platform loads. For Netlify that is a two-line module
 * whose `export default` and `export const config` are literal, as Netlify reads them without running it.
 */
export async function bundleApi(target, { outdir = API_TARGETS[target].outdir, plugins = [] } = {}) {
  const { entry, options } = API_TARGETS[target]
  await rm(outdir, { recursive: true, force: true })
  await mkdir(outdir, { recursive: true })
  const bundle = path.join(outdir, target === 'cloudflare' ? 'worker.mjs' : 'api.mjs')
  await esbuild.build({
    entryPoints: [path.join(ROOT, entry)],
    outfile: bundle,
    bundle: true,
    format: 'esm',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
    absWorkingDir: ROOT,
    plugins,
    ...options,
  })
  if (target === 'cloudflare') return bundle
  const main = path.join(outdir, 'ludora-api.mjs')
  await writeFile(main, "import handler from './api.mjs'\n\nexport default handler\n\nexport const config = { path: '/api/*' }\n")
  return main
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const target = process.argv[2]
  if (!(target in API_TARGETS)) {
    console.error(`Usage : node scripts/build-api.mjs ${Object.keys(API_TARGETS).join('|')}`)
    process.exit(1)
  }
  console.log(`API pour ${target} : ${path.relative(ROOT, await bundleApi(target))}`)
}
