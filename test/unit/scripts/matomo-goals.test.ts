import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

// scripts/matomo-goals.mjs has no type declarations.
const { parseMatomoGoals } = (await import(pathToFileURL(path.resolve(import.meta.dirname, '../../../scripts/matomo-goals.mjs')).href)) as {
  parseMatomoGoals: (text?: string) => Record<string, number>
}

describe('SITE_MATOMO_GOALS', () => {
  it('reads key=id pairs separated by commas, spaces allowed, empty entries ignored', () => {
    expect(parseMatomoGoals('newsletter-registered=1,contact-sent=2')).toEqual({ 'newsletter-registered': 1, 'contact-sent': 2 })
    expect(parseMatomoGoals(' newsletter-registered = 1 ,\n demo-wheel-spun=12 ,')).toEqual({ 'newsletter-registered': 1, 'demo-wheel-spun': 12 })
  })

  it('is empty when unset or blank', () => {
    expect(parseMatomoGoals()).toEqual({})
    expect(parseMatomoGoals('  ')).toEqual({})
  })

  it('refuses an entry that is not key=positive whole number, naming it', () => {
    for (const entry of ['contact-sent', 'contact-sent=0', 'contact-sent=2.5', 'contact-sent=deux', 'Contact-Sent=2', '=3']) {
      expect(() => parseMatomoGoals(`newsletter-registered=1,${entry}`)).toThrow(`SITE_MATOMO_GOALS : « ${entry} » n'est pas de la forme clé=numéro d'objectif`)
    }
  })

  it('refuses a key given twice', () => {
    expect(() => parseMatomoGoals('contact-sent=2,contact-sent=3')).toThrow('SITE_MATOMO_GOALS : « contact-sent » est donnée deux fois')
  })

  it('stops the build with its message alone, without a stack trace', async () => {
    const outDir = await mkdtemp(path.join(os.tmpdir(), 'ludora-goals-'))
    try {
      const build = promisify(execFile)(process.execPath, ['esbuild.config.mjs'], {
        cwd: path.resolve(import.meta.dirname, '../../..'),
        env: { ...process.env, SITE_MATOMO_GOALS: 'contact-sent=deux', OUT_DIR: outDir },
      })
      await expect(build).rejects.toMatchObject({
        code: 1,
        stderr: "SITE_MATOMO_GOALS : « contact-sent=deux » n'est pas de la forme clé=numéro d'objectif (ex. contact-sent=2)\n",
      })
    } finally {
      await rm(outDir, { recursive: true, force: true })
    }
  })
})
