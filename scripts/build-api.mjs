// Bundles the API for the serverless platforms (README, "Déployer l'API").
//   node scripts/build-api.mjs cloudflare   → .build/api/cloudflare/worker.mjs (deploy/cloudflare/wrangler.toml)
//   node scripts/build-api.mjs netlify      → .netlify/v1/functions/ludora-api/ and ludora-forms-retry/ (Netlify's Frameworks API)
import * as esbuild from 'esbuild'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export const API_TARGETS = {
  cloudflare: {
    outdir: path.join(ROOT, '.build/api/cloudflare'),
    bundles: [{ name: 'worker', entry: 'src/server/platforms/cloudflare-worker.ts' }],
    // Web APIs only: no nodejs_compat flag needed, nothing of Node is bundled.
    options: { platform: 'neutral', mainFields: ['module', 'main'], conditions: ['workerd', 'worker', 'browser'], target: 'es2022' },
  },
  netlify: {
    outdir: path.join(ROOT, '.netlify/v1/functions'),
    // Netlify reads each function's `config` without running it: the wrapper states it literally.
    bundles: [
      { name: 'ludora-api', entry: 'src/server/platforms/netlify-function.ts', config: "{ path: '/api/*' }" },
      { name: 'ludora-forms-retry', entry: 'src/server/platforms/netlify-retry-function.ts', config: "{ schedule: '* * * * *' }" },
    ],
    options: { platform: 'node', target: 'node20' },
  },
}

/**
 * Bundles one platform's entries; returns the files the platform loads, in the order of `bundles`. For
 * Netlify each is a two-line module in its own folder whose `export default` and `export const config` are
 * literal, as Netlify reads them without running it.
 */
export async function bundleApi(target, { outdir = API_TARGETS[target].outdir } = {}) {
  const { bundles, options } = API_TARGETS[target]
  const files = []
  for (const { name, entry, config } of bundles) {
    const dir = config ? path.join(outdir, name) : outdir
    await rm(config ? dir : outdir, { recursive: true, force: true })
    await mkdir(dir, { recursive: true })
    const bundle = path.join(dir, config ? 'bundle.mjs' : `${name}.mjs`)
    await esbuild.build({
      entryPoints: [path.join(ROOT, entry)],
      outfile: bundle,
      bundle: true,
      format: 'esm',
      minify: true,
      legalComments: 'none',
      logLevel: 'silent',
      absWorkingDir: ROOT,
      ...options,
    })
    if (!config) {
      files.push(bundle)
      continue
    }
    const main = path.join(dir, `${name}.mjs`)
    await writeFile(main, `import handler from './bundle.mjs'\n\nexport default handler\n\nexport const config = ${config}\n`)
    files.push(main)
  }
  return files
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const target = process.argv[2]
  if (!(target in API_TARGETS)) {
    console.error(`Usage : node scripts/build-api.mjs ${Object.keys(API_TARGETS).join('|')}`)
    process.exit(1)
  }
  const files = await bundleApi(target)
  console.log(`API pour ${target} : ${files.map((file) => path.relative(ROOT, file)).join(', ')}`)
}
