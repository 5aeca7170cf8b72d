import path from 'node:path'
import { pathToFileURL } from 'node:url'
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
})
