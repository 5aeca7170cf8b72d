import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { checkContent, formatProblem } from '#src/content-schema/check-content'
import { siteRoutes } from '../support/site-routes'

const ROOT = path.resolve(import.meta.dirname, '../../..')

/** The paths of src/app/route-tree.tsx and the aliases of the route rules, as the build passes them. */
let ROUTES: string[]
let REDIRECTS: string[]

beforeAll(async () => {
  ;({ routes: ROUTES, redirects: REDIRECTS } = await siteRoutes())
})

const copies: string[] = []

afterEach(async () => {
  await Promise.all(copies.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})

/** A copy of content/ and static/ where a test can make the mistakes a person would. */
async function siteCopy() {
  const root = await mkdtemp(path.join(os.tmpdir(), 'ludora-content-'))
  copies.push(root)
  await Promise.all(['content', 'static'].map((dir) => cp(path.join(ROOT, dir), path.join(root, dir), { recursive: true })))
  return {
    root,
    /** Changes a content file's data as parsed JSON. */
    // `any`: the tests reach deep into pages of every shape, as a person editing the file would.
    async edit(file: string, change: (data: Record<string, any>) => void) {
      const target = path.join(root, file)
      const data = JSON.parse(await readFile(target, 'utf8'))
      change(data)
      await writeFile(target, JSON.stringify(data, null, 2))
    },
    async write(file: string, text: string) {
      await writeFile(path.join(root, file), text)
    },
    async problems() {
      const { problems } = await checkContent({ root, routes: ROUTES, redirects: REDIRECTS })
      return problems.map(formatProblem)
    },
  }
}

describe('the content check', () => {
  it('passes all the content of the site, and reads every file', async () => {
    const { problems, files } = await checkContent({ root: ROOT, routes: ROUTES, redirects: REDIRECTS })
    expect(problems.map(formatProblem)).toEqual([])
    expect(files.map((file) => file.file)).toContain('content/site.json')
    expect(files.filter((file) => file.file.startsWith('content/pages/'))).toHaveLength(ROUTES.length)
  })

  it('names a misspelt field and the field it was meant to be, once', async () => {
    const site = await siteCopy()
    await site.edit('content/pages/home.json', (data) => {
      const { title, ...rest } = data.page.sections[2]
      data.page.sections[2] = { ...rest, titel: title }
    })
    expect(await site.problems()).toEqual(['content/pages/home.json › page.sections[2].titel: unknown field; did you mean "title"?'])
  })

  it('says what type was expected where a number stands for text', async () => {
    const site = await siteCopy()
    await site.edit('content/pages/home.json', (data) => {
      data.page.sections[0].heading = 10
    })
    expect(await site.problems()).toEqual(['content/pages/home.json › page.sections[0].heading: expected text, got a number'])
  })

  it('suggests the section type a misspelt one was meant to be, without blaming the pages that take its list', async () => {
    const site = await siteCopy()
    await site.edit('content/pages/home.json', (data) => {
      data.page.sections[1].type = 'gmaes'
    })
    expect(await site.problems()).toEqual(['content/pages/home.json › page.sections[1].type: unknown section type "gmaes"; did you mean "games"?'])
  })

  it('tells a page without its title, and a value that is no allowed word', async () => {
    const site = await siteCopy()
    await site.edit('content/pages/terms.json', (data) => {
      delete data.meta.title
    })
    await site.edit('content/pages/pricing.json', (data) => {
      data.page.plans[0].id = 'strat'
    })
    expect(await site.problems()).toEqual([
      'content/pages/pricing.json › page.plans[0].id: unknown value "strat"; did you mean "start"?',
      'content/pages/terms.json › meta.title: missing; expected text',
    ])
  })

  it('finds a proof that quotes a case /cas-clients does not have, and a figure the case lacks', async () => {
    const site = await siteCopy()
    await site.edit('content/pages/home.json', (data) => {
      data.page.sections[3].cases[0].case = 'optique-horizn'
      data.page.sections[3].cases[1].figure = 7
    })
    await site.edit('content/pages/agency.json', (data) => {
      data.page.sections.splice(1, 0, { type: 'proof', id: 'temoignages', title: 'Ils en parlent', cases: [{ case: 'boulangerie', figure: 0 }], link: { label: 'Tous les cas', href: '/cas-clients' } })
    })
    const problems = await site.problems()
    expect(problems).toEqual([
      'content/pages/agency.json › page.sections[1].cases[0].case: unknown case "boulangerie"; expected the id of a case: "fournil-et-fils", "optique-horizon", "cave-des-coteaux", "val-de-loue", "energie-club", "maison-lenoir"',
      'content/pages/home.json › page.sections[3].cases[0].case: unknown case "optique-horizn"; did you mean "optique-horizon"?',
      'content/pages/home.json › page.sections[3].cases[1].figure: expected the position of one of the 3 figures of the case "optique-horizon" (0 to 2), got 7',
    ])
  })

  it('finds a games section that takes its list from a page without games', async () => {
    const site = await siteCopy()
    await site.edit('content/pages/application.json', (data) => {
      data.page.sections[4].itemsFrom = '/les-enjeux'
    })
    expect(await site.problems()).toEqual([
      'content/pages/application.json › page.sections[4].itemsFrom: the page "/les-enjeux" (content/pages/stakes.json) has no games section with its own "items"; expected the path of the page that lists the games',
    ])
  })

  it('finds pictures that static/ does not have, and links to pages the site does not have', async () => {
    const site = await siteCopy()
    await site.edit('content/pages/stakes.json', (data) => {
      data.page.sections[0].image.src = '/images/heroes/stake.svg'
      data.page.sections.at(-1).primary.href = '/tarif'
    })
    await site.edit('content/pages/home.json', (data) => {
      data.page.sections[1].items[0].illustration = 'quizz'
    })
    expect(await site.problems()).toEqual([
      'content/pages/home.json › page.sections[1].items[0].illustration: no picture static/images/games/quizz.svg; did you mean "quiz"?',
      'content/pages/stakes.json › page.sections[0].image.src: no file static/images/heroes/stake.svg; did you mean "/images/heroes/stakes.svg"?',
      'content/pages/stakes.json › page.sections[4].primary.href: no page has the path "/tarif"; did you mean "/tarifs"?',
    ])
  })

  it('reports every mistake of every file in one run, grouped by file', async () => {
    const site = await siteCopy()
    await site.edit('content/site.json', (data) => {
      data.social[0].href = 'linkedin.com/company/ludora'
    })
    await site.edit('content/pages/home.json', (data) => {
      data.meta.descripton = data.meta.description
      delete data.meta.description
      data.page.sections[5].paragraphs = 'Un seul paragraphe'
      data.page.demoGame.segments = [data.page.demoGame.segments[0]]
    })
    await site.edit('content/pages/pricing.json', (data) => {
      data.page.matrix.features[2].values.pop()
      data.page.plans[1].featured = 'oui'
    })
    await site.edit('content/pages/contact.json', (data) => {
      data.page.reassurance = []
      data.path = '/contacts'
    })
    await site.edit('content/pages/who-are-we.json', (data) => {
      data.path = '/a-propos'
    })
    expect(await site.problems()).toEqual([
      'content/pages/contact.json › page.reassurance: expected at least 1 entry, got none',
      'content/pages/contact.json › path: no route "/contacts" in src/app/route-tree.tsx; did you mean "/contact"?',
      'content/pages/home.json › meta.descripton: unknown field; did you mean "description"?',
      'content/pages/home.json › page.sections[5].paragraphs: expected a list, got text ("Un seul paragraphe")',
      'content/pages/home.json › page.demoGame.segments: expected at least 2 entries, got 1',
      'content/pages/pricing.json › page.plans[1].featured: expected true or false, got text ("oui")',
      'content/pages/pricing.json › page.matrix.features[2].values: expected 4 values, one per plan (start, unit, annual, studio), got 3',
      expect.stringMatching(/^content\/pages\/who-are-we\.json › path: no route "\/a-propos" in src\/app\/route-tree\.tsx; expected one of "\/", "\/les-enjeux", /),
      'content/site.json › social[0].href: expected a full address starting with "https://", got "linkedin.com/company/ludora"',
      'content/pages › (folder): no page file has the path "/who-are-we" of src/app/route-tree.tsx; expected one',
    ])
  })

  it('points at broken JSON by line and column, and at a file that does not name its schema', async () => {
    const site = await siteCopy()
    const text = await readFile(path.join(site.root, 'content/pages/terms.json'), 'utf8')
    await site.write('content/pages/terms.json', text.replace('"path": "/cgu",', '"path": "/cgu"'))
    await site.edit('content/pages/privacy.json', (data) => {
      delete data.$schema
    })
    const problems = await site.problems()
    expect(problems).toEqual([
      'content/pages/privacy.json › $schema: missing; expected "../schemas/legal-page.schema.json" (its JSON Schema, for code editors)',
      // The message after the place is Node's own.
      expect.stringMatching(/^content\/pages\/terms\.json › line 4, column 3: not valid JSON: \S/),
    ])
  })

  it('checks the generator bank: a fact without its source, a misspelt key, text for a list, an event naming a sector the bank lacks, a trade id used twice, all told at once', async () => {
    const site = await siteCopy()
    let naming = -1
    await site.edit('content/generator/sectors/food-shops.json', (data) => {
      delete data.facts[0].source
      data.facts[1].sourse = data.facts[1].source
      delete data.facts[1].source
      // Text where the list of answers goes: told once, not also as text too long for a list of six.
      data.polls[0].fr.answers = 'Oui, non, peut-être'
      // Told with the mistakes above, not only once they are fixed.
      naming = data.facts.findIndex((fact: { trades?: string[] }) => fact.trades)
      data.facts[naming].trades[0] = 'boulangeries'
      data.makers = 'usines'
    })
    let trade = ''
    await site.edit('content/generator/sectors/drinks.json', (data) => {
      trade = data.trades[0].id
    })
    await site.edit('content/generator/sectors/restaurants.json', (data) => {
      data.trades[0].id = trade
    })
    await site.edit('content/generator/events/holidays.json', (data) => {
      data.events[0].sectors = ['boulangeries']
      data.events[1].kind = 'fête'
    })
    expect(await site.problems()).toEqual([
      expect.stringMatching(/^content\/generator\/events\/holidays\.json › events\[1\]\.kind: unknown value "fête"/),
      'content/generator/events/holidays.json › events[0].sectors[0]: no sector "boulangeries"',
      'content/generator/sectors/food-shops.json › facts[0].source: missing; expected text',
      'content/generator/sectors/food-shops.json › facts[1].sourse: unknown field; did you mean "source"?',
      'content/generator/sectors/food-shops.json › polls[0].fr.answers: expected a list, got text ("Oui, non, peut-être")',
      `content/generator/sectors/food-shops.json › facts[${naming}].trades[0]: names trade "boulangeries", which this sector does not have`,
      'content/generator/sectors/food-shops.json › makers: no sector "usines"',
      `content/generator/sectors/restaurants.json › trades[0].id: trade id "${trade}" is already used in sectors/drinks.json; expected an id of its own`,
    ])
  })
})
