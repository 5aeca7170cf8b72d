import { readFile } from 'node:fs/promises'
import { SourceMap } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useBrowser } from './support/browser'

interface DevServer {
  url: string
  rebuild(): Promise<void>
  close(): Promise<void>
}

const ROOT = path.resolve(import.meta.dirname, '../..')
let dev: DevServer

beforeAll(async () => {
  // esbuild.config.mjs has no type declarations; only startDevServer is used.
  const config = (await import(pathToFileURL(path.join(ROOT, 'esbuild.config.mjs')).href)) as { startDevServer: (options: object) => Promise<DevServer> }
  dev = await config.startDevServer({ port: 0, watch: false, log: () => {}, env: { ...process.env, SITE_URL: 'http://127.0.0.1' } })
}, 120_000)

afterAll(async () => {
  await dev?.close()
})

/** Requests `paths` over and over until `done` settles; returns every answer's status per path. */
async function hammer(paths: string[], done: Promise<unknown>): Promise<Map<string, number[]>> {
  const statuses = new Map(paths.map((item) => [item, [] as number[]]))
  let finished = false
  void done.finally(() => (finished = true))
  await Promise.all(
    paths.map(async (item) => {
      do {
        const response = await fetch(dev.url + item)
        await response.arrayBuffer()
        statuses.get(item)!.push(response.status)
      } while (!finished)
    }),
  )
  return statuses
}

describe('npm run dev', () => {
  it('never answers 404 while a rebuild is in flight, and still serves the previous build’s chunks after it', async () => {
    for (let round = 0; round < 2; round++) {
      const html = await (await fetch(dev.url + '/pricing')).text()
      const entry = /src="(\/_app\/assets\/[^"]+\.js)"/.exec(html)?.[1]
      expect(entry).toBeDefined()
      const paths = ['/', '/pricing', '/_payload.json?1', '/pricing/_payload.json?1', '/_app/builds/latest.json', '/sitemap.xml', entry!]
      const statuses = await hammer(paths, dev.rebuild())
      for (const [item, seen] of statuses) {
        expect(seen.length, item).toBeGreaterThan(1)
        expect(new Set(seen), item).toEqual(new Set([200]))
      }
    }
  }, 120_000)

  it('maps the entry script back to the lines of its source, for the browser’s debugger and stack traces', async () => {
    const html = await (await fetch(dev.url + '/')).text()
    const entry = await (await fetch(dev.url + /src="(\/_app\/assets\/[^"]+\.js)"/.exec(html)![1]!)).text()
    const inlineMap = /\/\/# sourceMappingURL=data:application\/json;base64,(\S+)\s*$/.exec(entry)![1]!
    const map = new SourceMap(JSON.parse(Buffer.from(inlineMap, 'base64').toString('utf8')))
    const source = (await readFile(path.join(ROOT, 'src/main.tsx'), 'utf8')).split('\n')
    const generated = entry.split('\n')
    const marker = 'meta[name="ludora:modules"]'
    const line = generated.findIndex((text) => text.includes(marker))
    const found = map.findEntry(line, generated[line]!.indexOf(marker))
    expect('originalLine' in found && source[found.originalLine]).toContain(marker)
  })

  describe('in the browser', () => {
    const browser = useBrowser()

    it('logs no "Error in route match" while pages load and navigate during a rebuild', async () => {
      const context = await browser().newContext()
      // Live reload would restart the page under the test's own navigations; what is checked here is what
      // the pages log while the rebuild runs.
      await context.route('**/_dev/events', (route) => route.abort())
      const page = await context.newPage()
      const messages: string[] = []
      page.on('console', (message) => {
        if (['warning', 'error'].includes(message.type())) messages.push(message.text())
      })
      page.on('pageerror', (error) => messages.push(error.message))
      await page.goto(dev.url + '/')
      await page.waitForFunction(() => document.documentElement.dataset.appReady === 'true')
      const rebuilt = dev.rebuild()
      let finished = false
      void rebuilt.finally(() => (finished = true))
      for (const target of ['/pricing', '/', '/contact', '/']) {
        await page.goto(dev.url + target)
        await page.waitForFunction(() => document.documentElement.dataset.appReady === 'true')
        if (finished) break
      }
      await rebuilt
      expect(messages.filter((text) => /Error in route match|404/.test(text))).toEqual([])
      await context.close()
    }, 60_000)
  })
})
