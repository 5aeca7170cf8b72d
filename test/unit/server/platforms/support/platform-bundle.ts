import { mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Miniflare, WorkerOptions } from 'miniflare'

const ROOT = path.resolve(import.meta.dirname, '../../../../..')

export const PERSON = { website: '', elapsedMs: 4_000 }
export const CONTACT = { firstName: 'Camille', name: 'Martin', email: 'camille@exemple.fr', phone: '', company: 'Lemoine', object: 'Devis', message: 'Un jeu de Noël pour nos trois boutiques.' }
export const GENERATION = { companyName: 'Lemoine', companyActivity: 'boulangerie', event: 'Noël', additionalInformation: '', gameType: 0, gameLanguage: 'fr', llmModel: 'fast' }

/**
 * Bundles a platform's entries exactly as `node scripts/build-api.mjs <target>` does, into a temporary
 * folder; returns the files the platform loads (the Worker; the Netlify API and its scheduled function) and
 * that folder, for the test to remove.
 */
export async function bundlePlatform(target: 'cloudflare' | 'netlify'): Promise<{ files: string[]; outdir: string }> {
  // scripts/build-api.mjs has no type declarations; only bundleApi is used.
  const { bundleApi } = (await import(pathToFileURL(path.join(ROOT, 'scripts/build-api.mjs')).href)) as {
    bundleApi: (target: string, options: { outdir: string }) => Promise<string[]>
  }
  const outdir = await mkdtemp(path.join(os.tmpdir(), `ludora-${target}-`))
  return { files: await bundleApi(target, { outdir }), outdir }
}

/** A POST as the receiver recorded it, with the status it answered. */
export interface ReceivedByHarness {
  url: string
  headers: Record<string, string>
  body: string
  status: number
}

/** scripts/worker-harness.mjs (no type declarations): the receiver and visitors Workers around the API in workerd. */
export async function loadWorkerHarness() {
  return (await import(pathToFileURL(path.join(ROOT, 'scripts/worker-harness.mjs')).href)) as {
    harnessWorkers: (options: { targets: string[]; origin: string; completion?: string; down?: string[] }) => WorkerOptions[]
    postForms: (miniflare: Miniflare, worker: string, posts: { path: string; body: unknown; address: string }[], mode: 'sequential' | 'concurrent') => Promise<{ status: number; body: string; ms: number }[]>
    receivedPosts: (miniflare: Miniflare, down?: string[]) => Promise<ReceivedByHarness[]>
    dispatchOnOwnConnection: (miniflare: Miniflare, url: string, init?: RequestInit & { headers?: Record<string, string> }) => Promise<Response>
  }
}
