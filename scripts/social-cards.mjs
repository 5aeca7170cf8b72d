// Social cards: one 1200×630 PNG per page, drawn at build time from the page's own content (brand,
// eyebrow, title, illustration) and named by its head's og:image (docs/decisions/033-social-cards.md).
// A card is cached under .build/cards/ by the hash of everything that draws it, so a build redraws only
// the cards whose page, picture, font or drawing code changed. Build-time only: nothing here reaches
// the browser.
import { createHash } from 'node:crypto'
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { CARD_HEIGHT, CARD_WIDTH, FONT_FILES } from './social-card-render.mjs'

const require = createRequire(import.meta.url)
const HERE = path.dirname(fileURLToPath(import.meta.url))
/** Where the cards go in dist/: under _app/assets/, which every host serves as immutable (README). */
export const CARDS_PATH = '_app/assets/cards'
/** Cached cards unused by the current build are removed after this long. */
const CACHE_TTL_MS = 7 * 24 * 3600 * 1000
/** The picture of a hero that shows a live widget instead of an image: the demo wheel is a wheel. */
const SLOT_PICTURES = { demo: '/images/games/wheel.svg' }
/** What a page may name as its own card (`meta.image`), by extension: what social networks show. */
const OWN_IMAGE_TYPES = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg' }

/** Type and size of a PNG or JPEG, read from its header; undefined for anything else. */
export function imageInfo(bytes) {
  if (bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.toString('latin1', 12, 16) === 'IHDR') {
    return { type: 'image/png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    // Walk the JPEG segments to the first start-of-frame marker (SOF0–SOF15, less DHT, JPG and DAC).
    let offset = 2
    while (offset + 9 < bytes.length && bytes[offset] === 0xff) {
      const marker = bytes[offset + 1]
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        return { type: 'image/jpeg', width: bytes.readUInt16BE(offset + 7), height: bytes.readUInt16BE(offset + 5) }
      }
      offset += 2 + bytes.readUInt16BE(offset + 2)
    }
  }
  return undefined
}

function sha256(...parts) {
  const hash = createHash('sha256')
  for (const part of parts) hash.update(part)
  return hash.digest('hex')
}

/** `/` → `home`, `/ai/request` → `ai-request`. */
export function cardSlug(routePath) {
  return routePath === '/' ? 'home' : routePath.slice(1).replace(/\//g, '-')
}

/** The hero of a page: its `hero` section, or the page itself for pages that carry eyebrow and heading. */
function heroOf(page) {
  return page.sections?.find((section) => section.type === 'hero') ?? page
}

/**
 * What a page's card shows, from its content: the brand of its layout, the hero's eyebrow and heading
 * (the page title when it has no heading), and its picture: the hero's image, else the picture of the
 * hero's live widget, else the first game of its catalogue. A page with none gets a card without picture.
 */
export function cardContent(payload, layout) {
  const hero = heroOf(payload.page)
  const games = payload.page.sections?.find((section) => section.type === 'games')?.items
  const picture = hero.image?.src ?? SLOT_PICTURES[hero.slot] ?? (games?.[0] ? `/images/games/${games[0].illustration}.svg` : undefined)
  return {
    brand: layout === 'agency' ? 'Ludora Studio' : 'Ludora',
    eyebrow: typeof hero.eyebrow === 'string' ? hero.eyebrow : undefined,
    title: typeof hero.heading === 'string' ? hero.heading : payload.meta.title,
    picture,
  }
}

/** The card's text alternative: what it reads, in reading order. */
export function cardAlt({ brand, eyebrow, title }) {
  return eyebrow && eyebrow !== brand ? `${brand} — ${eyebrow} : ${title}` : `${brand} : ${title}`
}

async function readStatic(staticDir, src, what) {
  const file = path.join(staticDir, ...src.split('/').filter(Boolean))
  if (!src.startsWith('/') || !file.startsWith(staticDir + path.sep)) throw new Error(`${what}: "${src}" must be an absolute path under static/`)
  return readFile(file).catch(() => {
    throw new Error(`${what}: static${src} does not exist`)
  })
}

/**
 * Hash of the drawing itself: the renderer's code, satori's and resvg's versions and the fonts. Any
 * change there redraws every card.
 */
async function drawingHash() {
  const sources = await Promise.all(['social-card-render.mjs', 'social-card-worker.mjs'].map((file) => readFile(path.join(HERE, file))))
  const fonts = await Promise.all(FONT_FILES.map((file) => readFile(file)))
  const versions = ['satori', '@resvg/resvg-js'].map((name) => `${name}@${require(`${name}/package.json`).version}`).join(',')
  return sha256(versions, ...sources, ...fonts)
}

/**
 * The card renderer in a worker thread, started on the first request (or by `warm()`), so the main
 * thread goes on prerendering while satori and resvg draw.
 */
function cardWorker(fontCacheDir) {
  let worker
  let nextId = 0
  const pending = new Map()
  const start = () => {
    if (worker) return worker
    worker = new Worker(path.join(HERE, 'social-card-worker.mjs'), { workerData: { fontCacheDir } })
    worker.on('message', ({ id, png, error }) => {
      const request = pending.get(id)
      pending.delete(id)
      if (error) request.reject(new Error(error))
      else request.resolve(Buffer.from(png))
    })
    const failAll = (error) => {
      for (const request of pending.values()) request.reject(error)
      pending.clear()
    }
    worker.on('error', failAll)
    // Ended without an error event (terminated, or killed by the system): nothing it was asked will come back.
    worker.on('exit', (code) => failAll(new Error(`the card renderer stopped (exit code ${code})`)))
    return worker
  }
  return {
    warm: () => void start(),
    render: (card) =>
      new Promise((resolve, reject) => {
        const id = nextId++
        pending.set(id, { resolve, reject })
        start().postMessage({ id, card })
      }),
    close: async () => {
      await worker?.terminate()
    },
  }
}

/** Writes `bytes` to `file` through a temporary name: a build running beside this one never reads half a file. */
async function writeAtomically(file, bytes) {
  const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
  await writeFile(partial, bytes)
  await rename(partial, file)
}

/**
 * One build's cards. `start()` right away: on a cold cache it loads the renderer while esbuild bundles.
 * `plan()` works out each page's image (its URL is known before anything is drawn, so the heads and
 * payloads can be written at once); `write()` then copies or draws every card into dist/.
 */
export function socialCards({ cacheDir, staticDir, siteUrl }) {
  const worker = cardWorker(path.join(cacheDir, 'fonts'))
  let drawing
  return {
    async start() {
      drawing = drawingHash()
      const cached = await readdir(cacheDir).catch(() => [])
      if (!cached.some((file) => file.endsWith('.png'))) worker.warm()
    },

    /** `pages`: `{ path, layout }[]`; returns, per route, the image its head names and how to make it. */
    async plan(pages, payloads) {
      const code = await (drawing ?? drawingHash())
      const entries = await Promise.all(
        pages.map(async ({ path: routePath, layout }) => {
          const meta = payloads.get(routePath).meta
          if (meta.image) return [routePath, await ownImage(routePath, meta.image)]
          const content = cardContent(payloads.get(routePath), layout)
          const picture = content.picture ? await pictureOf(routePath, content.picture) : undefined
          const hash = sha256(code, JSON.stringify({ ...content, picture: picture && sha256(picture.bytes) })).slice(0, 16)
          const file = `${CARDS_PATH}/${cardSlug(routePath)}-${hash.slice(0, 10)}.png`
          const image = { url: `${siteUrl}/${file}`, width: CARD_WIDTH, height: CARD_HEIGHT, type: 'image/png', alt: cardAlt(content) }
          const card = { ...content, picture: picture && { svg: picture.bytes.toString('utf8'), tile: content.picture.startsWith('/images/games/') } }
          return [routePath, { image, draw: { routePath, hash, file, card } }]
        }),
      )
      return new Map(entries)
    },

    /** Copies each planned card from the cache into `outDir`, drawing the missing ones; returns how many were drawn. */
    async write(plan, outDir) {
      const jobs = [...plan.values()].filter((entry) => entry.draw).map((entry) => entry.draw)
      await Promise.all([mkdir(cacheDir, { recursive: true }), mkdir(path.join(outDir, CARDS_PATH), { recursive: true })])
      let drawn = 0
      try {
        await Promise.all(
          jobs.map(async ({ routePath, hash, file, card }) => {
            const cached = path.join(cacheDir, `${hash}.png`)
            const target = path.join(outDir, file)
            if (await copyFile(cached, target).then(() => true, () => false)) return
            const png = await worker.render(card).catch((error) => {
              throw new Error(`Social card of ${routePath}: ${error.message}`)
            })
            drawn++
            await Promise.all([writeAtomically(cached, png), writeFile(target, png)])
          }),
        )
      } finally {
        await worker.close()
      }
      await pruneCache(cacheDir, new Set(jobs.map((job) => `${job.hash}.png`)))
      return drawn
    },

    close: () => worker.close(),
  }

  async function pictureOf(routePath, src) {
    const extension = path.extname(src).toLowerCase()
    if (extension !== '.svg') throw new Error(`${routePath}: the card draws SVG illustrations only, not "${src}"`)
    return { bytes: await readStatic(staticDir, src, `${routePath}: card illustration`) }
  }

  /** A page that names its own image in `meta.image`: a PNG or JPEG under static/, served as is. */
  async function ownImage(routePath, { src, alt }) {
    const what = `${routePath}: meta.image`
    if (typeof src !== 'string' || typeof alt !== 'string' || !alt.trim()) throw new Error(`${what} needs "src" and a non-empty "alt"`)
    const bytes = await readStatic(staticDir, src, what)
    const info = imageInfo(bytes)
    if (!info || OWN_IMAGE_TYPES[path.extname(src).toLowerCase()] !== info.type) throw new Error(`${what}: "${src}" must be a PNG or JPEG file (social networks show no SVG)`)
    // The file keeps its name in dist/; the query changes with its bytes, so networks fetch a new version.
    return { image: { url: `${siteUrl}${src}?v=${sha256(bytes).slice(0, 10)}`, width: info.width, height: info.height, type: info.type, alt } }
  }
}

async function pruneCache(cacheDir, used) {
  const now = Date.now()
  const files = await readdir(cacheDir)
  await Promise.all(
    files
      .filter((file) => file.endsWith('.png') && !used.has(file))
      .map(async (file) => {
        // Another build may have removed it meanwhile.
        const mtimeMs = (await stat(path.join(cacheDir, file)).catch(() => undefined))?.mtimeMs ?? now
        if (now - mtimeMs > CACHE_TTL_MS) await rm(path.join(cacheDir, file), { force: true })
      }),
  )
}
