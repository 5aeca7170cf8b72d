import { createHash } from 'node:crypto'
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, it } from 'vitest'
import { E2E_ENV } from '../setup/e2e-global-setup'
import { distDir } from './support/browser'

const ROOT = path.resolve(import.meta.dirname, '../..')
const NEW_DESCRIPTION = 'Gratuit pour commencer, 149 € HT le jeu-concours à l’unité ou dès 99 € HT par mois à l’année : comparez les 35 fonctions.'

/** Every script and stylesheet the build wrote, by path, with a digest of its bytes. */
async function scriptsAndStyles(dist: string): Promise<Record<string, string>> {
  const dir = path.join(dist, '_app/assets')
  const files = (await readdir(dir, { recursive: true })).filter((file) => /\.(js|css)$/.test(file)).sort()
  const entries = await Promise.all(files.map(async (file) => [file, createHash('sha256').update(await readFile(path.join(dir, file))).digest('hex')] as const))
  return Object.fromEntries(entries)
}

const buildNamedBy = (html: string) => /<meta name="ludora:build" content="([^"]+)">/.exec(html)?.[1]

it('builds a release of content alone with every script and stylesheet unchanged, under the same names: visitors keep them cached', async () => {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'ludora-content-release-'))
  try {
    await Promise.all(['content', 'static'].map((dir) => cp(path.join(ROOT, dir), path.join(workDir, dir), { recursive: true })))
    const pricingFile = path.join(workDir, 'content/pages/pricing.json')
    const pricing = JSON.parse(await readFile(pricingFile, 'utf8')) as { meta: { description: string } }
    expect(pricing.meta.description).not.toBe(NEW_DESCRIPTION)
    pricing.meta.description = NEW_DESCRIPTION
    await writeFile(pricingFile, JSON.stringify(pricing, null, 2))

    // esbuild.config.mjs has no type declarations; only buildSite is used.
    const config = (await import(pathToFileURL(path.join(ROOT, 'esbuild.config.mjs')).href)) as {
      buildSite: (options: { outDir: string; env: NodeJS.ProcessEnv; contentRoot: string }) => Promise<unknown>
    }
    const outDir = path.join(workDir, 'dist')
    // The settings of the build every browser test loads (test/setup/e2e-global-setup.ts).
    await config.buildSite({ outDir, env: { ...process.env, ...E2E_ENV, SITE_URL: 'http://127.0.0.1' }, contentRoot: workDir })

    const [before, after] = await Promise.all([scriptsAndStyles(distDir()), scriptsAndStyles(outDir)])
    expect(Object.keys(before).length).toBeGreaterThan(10)
    expect(after).toEqual(before)
    // The pages carry the release: the new copy, and the new build's id, under which the scripts ask for payloads.
    const [oldPage, newPage] = await Promise.all([readFile(path.join(distDir(), 'pricing/index.html'), 'utf8'), readFile(path.join(outDir, 'pricing/index.html'), 'utf8')])
    expect(newPage).toContain(NEW_DESCRIPTION)
    expect(buildNamedBy(newPage)).toMatch(/^[0-9a-f-]{36}$/)
    expect(buildNamedBy(newPage)).not.toBe(buildNamedBy(oldPage))
    const latest = JSON.parse(await readFile(path.join(outDir, '_app/builds/latest.json'), 'utf8')) as { id: string }
    expect(latest.id).toBe(buildNamedBy(newPage))
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
}, 120_000)
