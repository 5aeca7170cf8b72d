import { readFileSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PagePayload, SocialImage } from '#src/lib/payload'

interface CardContent {
  brand: string
  eyebrow?: string
  title: string
  picture?: string
}
interface PlannedCard {
  image: SocialImage
  draw?: { file: string; hash: string }
}
// The card scripts are plain build-time JavaScript without type declarations; these are the parts tested.
interface CardsModule {
  cardContent(payload: PagePayload, layout: 'site' | 'agency'): CardContent
  cardAlt(content: CardContent): string
  cardSlug(routePath: string): string
  imageInfo(bytes: Buffer): { type: string; width: number; height: number } | undefined
  socialCards(options: { cacheDir: string; staticDir: string; siteUrl: string }): {
    plan(pages: { path: string; layout: 'site' | 'agency' }[], payloads: Map<string, PagePayload>): Promise<Map<string, PlannedCard>>
    write(plan: Map<string, PlannedCard>, outDir: string): Promise<number>
    close(): Promise<void>
  }
}
interface RenderModule {
  woffToTtf(woff: Buffer): Buffer
  titleFontSize(title: string, width: number, maxLines?: number): number
  typeset(card: CardContent): CardContent
  FONT_FILES: string[]
}

const ROOT = path.resolve(import.meta.dirname, '../../..')
const load = <T>(file: string) => import(pathToFileURL(path.join(ROOT, file)).href) as Promise<T>
const cards = await load<CardsModule>('scripts/social-cards.mjs')
const render = await load<RenderModule>('scripts/social-card-render.mjs')

function payload(routePath: string, page: Record<string, unknown>, meta: Partial<PagePayload['meta']> = {}): PagePayload {
  return { path: routePath, meta: { title: 'Titre de la page | Ludora', description: 'Description', ...meta }, page }
}

const hero = { type: 'hero', eyebrow: 'Acquisition', heading: 'Recruter des contacts qualifiés grâce au jeu' }

describe('what a card shows', () => {
  it('takes the hero’s eyebrow, heading and image, and the brand of the layout', () => {
    const content = cards.cardContent(payload('/acquisition', { sections: [{ ...hero, image: { src: '/images/heroes/acquisition.svg' } }] }), 'agency')
    expect(content).toEqual({ brand: 'Ludora Studio', eyebrow: 'Acquisition', title: 'Recruter des contacts qualifiés grâce au jeu', picture: '/images/heroes/acquisition.svg' })
    expect(cards.cardAlt(content)).toBe('Ludora Studio — Acquisition : Recruter des contacts qualifiés grâce au jeu')
  })

  it('shows the wheel for the hero’s demo wheel, else the first game of the page’s catalogue', () => {
    const games = { type: 'games', items: [{ illustration: 'quiz' }, { illustration: 'wheel' }] }
    expect(cards.cardContent(payload('/', { sections: [{ ...hero, slot: 'demo' }, games] }), 'site').picture).toBe('/images/games/wheel.svg')
    expect(cards.cardContent(payload('/application', { sections: [{ ...hero, slot: 'editor' }, games] }), 'site').picture).toBe('/images/games/quiz.svg')
  })

  it('reads pages whose hero is the page itself, and falls back to the page title', () => {
    const contact = cards.cardContent(payload('/contact', { eyebrow: 'Contact', heading: 'Parlons de votre prochain jeu' }), 'site')
    expect(contact).toEqual({ brand: 'Ludora', eyebrow: 'Contact', title: 'Parlons de votre prochain jeu', picture: undefined })
    expect(cards.cardContent(payload('/x', {}), 'site')).toMatchObject({ eyebrow: undefined, title: 'Titre de la page | Ludora' })
    expect(cards.cardAlt({ brand: 'Ludora Studio', eyebrow: 'Ludora Studio', title: 'Le studio' })).toBe('Ludora Studio : Le studio')
  })

  it('names the card file after the route', () => {
    expect(['/', '/ai/request', '/cgu'].map(cards.cardSlug)).toEqual(['home', 'ai-request', 'cgu'])
  })
})

describe('French titles on the card', () => {
  it('keeps a number with its word and sets the typographic apostrophe', () => {
    expect(render.typeset({ brand: 'Ludora', title: "Rédigé par l'IA en 10 secondes" }).title).toBe('Rédigé par l\u2019IA en 10\u00a0secondes')
  })

  it('shrinks a long title so it keeps within three lines, and keeps a short one large', () => {
    expect(render.titleFontSize('Politique cookies', 600)).toBe(76)
    const long = 'Des tarifs clairs, du premier jeu à la stratégie annuelle, pour chaque commerce et chaque saison'
    expect(render.titleFontSize(long, 600)).toBeLessThan(render.titleFontSize('Des tarifs clairs', 600))
    expect(render.titleFontSize(long, 600)).toBeGreaterThanOrEqual(42)
  })
})

describe('the font resvg reads', () => {
  it('unwraps each WOFF table back into a TrueType file, bytes intact', () => {
    const woff = readFileSync(render.FONT_FILES[0]!)
    const ttf = render.woffToTtf(woff)
    const numTables = ttf.readUInt16BE(4)
    expect(ttf.readUInt32BE(0)).toBe(0x00010000)
    expect(numTables).toBe(woff.readUInt16BE(12))
    const tags = []
    for (let index = 0; index < numTables; index++) {
      const entry = 12 + index * 16
      const tag = ttf.toString('latin1', entry, entry + 4)
      tags.push(tag)
      const [checksum, offset, length] = [ttf.readUInt32BE(entry + 4), ttf.readUInt32BE(entry + 8), ttf.readUInt32BE(entry + 12)]
      // The head table's checksum is taken with its checkSumAdjustment field at zero.
      if (tag === 'head') continue
      let sum = 0
      for (let word = offset; word < offset + length; word += 4) sum = (sum + (word + 4 <= offset + length ? ttf.readUInt32BE(word) : Buffer.concat([ttf.subarray(word, offset + length), Buffer.alloc(4)]).readUInt32BE(0))) >>> 0
      expect(sum, tag).toBe(checksum)
    }
    expect(tags).toEqual(expect.arrayContaining(['cmap', 'glyf', 'head', 'hmtx', 'name']))
  })

  it('refuses what is not WOFF 1.0', () => {
    expect(() => render.woffToTtf(Buffer.from('wOF2' + '\0'.repeat(60)))).toThrow('Not a WOFF 1.0 font')
  })
})

describe('image headers', () => {
  it('reads the type and size of a PNG and of a JPEG, and nothing else', () => {
    const png = Buffer.alloc(33)
    png.writeUInt32BE(0x89504e47, 0)
    png.write('IHDR', 12, 'latin1')
    png.writeUInt32BE(1200, 16)
    png.writeUInt32BE(630, 20)
    expect(cards.imageInfo(png)).toEqual({ type: 'image/png', width: 1200, height: 630 })
    // SOI, an APP0 segment of 16 bytes, then SOF2 (progressive) with height 627 and width 1200.
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...new Array(14).fill(0), 0xff, 0xc2, 0x00, 0x11, 0x08, 0x02, 0x73, 0x04, 0xb0, 0x03])
    expect(cards.imageInfo(jpeg)).toEqual({ type: 'image/jpeg', width: 1200, height: 627 })
    expect(cards.imageInfo(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined()
  })
})

describe('planning the cards of a build', () => {
  let workDir: string
  let staticDir: string
  const pages = [{ path: '/acquisition', layout: 'agency' as const }]
  const planFor = async (page: Record<string, unknown>, meta: Partial<PagePayload['meta']> = {}) => {
    const planner = cards.socialCards({ cacheDir: path.join(workDir, 'cache'), staticDir, siteUrl: 'https://www.ludora.fr' })
    try {
      return (await planner.plan(pages, new Map([['/acquisition', payload('/acquisition', page, meta)]]))).get('/acquisition')!
    } finally {
      await planner.close()
    }
  }

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'ludora-cards-'))
    staticDir = path.join(workDir, 'static')
    await mkdir(path.join(staticDir, 'images'), { recursive: true })
    await writeFile(path.join(staticDir, 'images/hero.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="380"/>')
    const png = Buffer.alloc(33)
    png.writeUInt32BE(0x89504e47, 0)
    png.write('IHDR', 12, 'latin1')
    png.writeUInt32BE(1200, 16)
    png.writeUInt32BE(627, 20)
    await writeFile(path.join(staticDir, 'images/partage.png'), png)
  })
  afterAll(() => rm(workDir, { recursive: true, force: true }))

  it('names a hashed PNG under _app/assets/cards/ that changes with what the card shows, and only then', async () => {
    const first = await planFor({ sections: [{ ...hero, image: { src: '/images/hero.svg' } }] })
    expect(first.image).toMatchObject({ width: 1200, height: 630, type: 'image/png', alt: 'Ludora Studio — Acquisition : Recruter des contacts qualifiés grâce au jeu' })
    expect(first.image.url).toMatch(/^https:\/\/www\.ludora\.fr\/_app\/assets\/cards\/acquisition-[0-9a-f]{10}\.png$/)
    const again = await planFor({ sections: [{ ...hero, image: { src: '/images/hero.svg' } }] })
    expect(again.image.url).toBe(first.image.url)
    const retitled = await planFor({ sections: [{ ...hero, heading: 'Un autre titre', image: { src: '/images/hero.svg' } }] })
    expect(retitled.image.url).not.toBe(first.image.url)
  })

  it('draws a missing card once, then takes it from the cache', async () => {
    const page = { sections: [{ ...hero, image: { src: '/images/hero.svg' } }] }
    const build = async (outDir: string) => {
      const planner = cards.socialCards({ cacheDir: path.join(workDir, 'cache'), staticDir, siteUrl: 'https://www.ludora.fr' })
      try {
        const plan = await planner.plan(pages, new Map([['/acquisition', payload('/acquisition', page)]]))
        const drawn = await planner.write(plan, outDir)
        return { drawn, bytes: readFileSync(path.join(outDir, plan.get('/acquisition')!.draw!.file)) }
      } finally {
        await planner.close()
      }
    }
    const cold = await build(path.join(workDir, 'dist-1'))
    expect(cold.drawn).toBe(1)
    expect(cards.imageInfo(cold.bytes)).toEqual({ type: 'image/png', width: 1200, height: 630 })
    const warm = await build(path.join(workDir, 'dist-2'))
    expect(warm.drawn).toBe(0)
    expect(warm.bytes.equals(cold.bytes)).toBe(true)
  }, 30_000)

  it('uses the page’s own image when its content names one, versioned by its bytes', async () => {
    const own = await planFor({ sections: [hero] }, { image: { src: '/images/partage.png', alt: 'Nos jeux en magasin' } })
    expect(own.draw).toBeUndefined()
    expect(own.image).toEqual({ url: expect.stringMatching(/^https:\/\/www\.ludora\.fr\/images\/partage\.png\?v=[0-9a-f]{10}$/), width: 1200, height: 627, type: 'image/png', alt: 'Nos jeux en magasin' })
  })

  it('stops the build on an own image that networks cannot show or that does not exist', async () => {
    await expect(planFor({ sections: [hero] }, { image: { src: '/images/hero.svg', alt: 'Vectoriel' } })).rejects.toThrow(
      '/acquisition: meta.image: "/images/hero.svg" must be a PNG or JPEG file (social networks show no SVG)',
    )
    await expect(planFor({ sections: [hero] }, { image: { src: '/images/absente.png', alt: 'Absente' } })).rejects.toThrow('/acquisition: meta.image: static/images/absente.png does not exist')
    await expect(planFor({ sections: [{ ...hero, image: { src: '/images/absente.svg' } }] })).rejects.toThrow('/acquisition: card illustration: static/images/absente.svg does not exist')
  })
})
