import { mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Plugin } from 'esbuild'

const ROOT = path.resolve(import.meta.dirname, '../../../../..')

export const PERSON = { website: '', elapsedMs: 4_000 }
export const CONTACT = { firstName: 'Camille', name: 'Martin', email: 'camille@exemple.fr', phone: '', company: 'Lemoine', object: 'Devis', message: 'Un jeu de Noël pour nos trois boutiques.' }
export const GENERATION = { companyName: 'Lemoine', companyActivity: 'boulangerie', event: 'Noël', additionalInformation: '', gameType: 0, gameLanguage: 'fr', llmModel: 'fast' }

/** The recording delivery in place of the serverless one: what the platform entry delivers reaches the test. */
const recordingDelivery: Plugin = {
  name: 'recording-delivery',
  setup(build) {
    build.onResolve({ filter: /^#src\/server\/delivery\/direct-delivery$/ }, () => ({ path: path.join(import.meta.dirname, 'recording-delivery.ts') }))
  },
}

/** Bundles a platform entry exactly as `node scripts/build-api.mjs <target>` does, into a temporary folder. */
export async function bundlePlatform(target: 'cloudflare' | 'netlify'): Promise<string> {
  // scripts/build-api.mjs has no type declarations; only bundleApi is used.
  const { bundleApi } = (await import(pathToFileURL(path.join(ROOT, 'scripts/build-api.mjs')).href)) as {
    bundleApi: (target: string, options: { outdir: string; plugins: Plugin[] }) => Promise<string>
  }
  return bundleApi(target, { outdir: await mkdtemp(path.join(os.tmpdir(), `ludora-${target}-`)), plugins: [recordingDelivery] })
}
