import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import http, { type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { checkContent, formatProblem } from '#src/content-schema/check-content'
import { siteRoutes } from '../../support/site-routes'
import { createContentEditorHandler, createLocalBackend, inOrderOf, savedText, withLocalBackend, withoutEmptyValues } from '#src/server/content-editor/local-backend'

const ROOT = path.resolve(import.meta.dirname, '../../../..')

let routes: string[]
let redirects: string[]
/** The build's check of a folder holding content/ and static/, as `npm run dev` passes it. */
const check = async (root: string) => (await checkContent({ root, routes, redirects })).problems.map(formatProblem)

let workDir: string
/** A copy of content/ and static/ the backend saves into, beside a file it must never reach. */
let root: string
let backend: ReturnType<typeof createLocalBackend>

beforeAll(async () => {
  ;({ routes, redirects } = await siteRoutes())
})

beforeEach(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'ludora-backend-'))
  root = path.join(workDir, 'site')
  await Promise.all(['content', 'static'].map((dir) => cp(path.join(ROOT, dir), path.join(root, dir), { recursive: true })))
  await writeFile(path.join(workDir, 'secret.txt'), 'SECRET')
  backend = createLocalBackend({ root, check, maxPictureBytes: 1024 })
})

afterEach(async () => {
  await rm(workDir, { recursive: true, force: true })
})

const read = (file: string) => readFile(path.join(root, file), 'utf8')

/** What the editor posts to save a page: the file's JSON as it serialises it (two spaces, no last line break). */
async function saveEdited(file: string, change: (data: Record<string, any>) => void) {
  // `any`: the tests reach into pages of every shape, as the editor does.
  const data = JSON.parse(await read(file)) as Record<string, any>
  change(data)
  return backend('persistEntry', { dataFiles: [{ path: file, slug: path.basename(file, '.json'), raw: JSON.stringify(data, null, 2) }], assets: [], options: { commitMessage: 'x' } })
}

// Each save or removal runs the build's whole content check twice (on content/ and on a changed copy of it):
// in full runs of the suite one save took up to 1.3 s, and the test that makes several up to 1.9 s,
// over a third of vitest's default 5 s.
describe('the local backend of the content editor', { timeout: 10_000 }, () => {
  it('announces itself as Decap’s local proxy does, and reads an entry with its hash', async () => {
    expect(await backend('info', undefined)).toEqual({ repo: 'site', publish_modes: ['simple'], type: 'local_fs' })
    const entry = (await backend('getEntry', { path: 'content/site.json' })) as { data: string; file: { path: string; id: string } }
    expect(entry.data).toBe(await read('content/site.json'))
    expect(entry.file).toMatchObject({ path: 'content/site.json', id: expect.stringMatching(/^[0-9a-f]{64}$/) })
    expect(await backend('entriesByFiles', { files: [{ path: 'content/pages/nowhere.json' }] })).toEqual([{ data: null, file: { path: 'content/pages/nowhere.json', id: null } }])
  })

  it('saves a valid change so that only the edited line differs', async () => {
    const before = await read('content/pages/pricing.json')
    await saveEdited('content/pages/pricing.json', (data) => {
      data.page.heading = 'Des prix lisibles'
      // The editor keeps no key order for large objects, and leaves a cleared optional field empty.
      const { eyebrow, ...rest } = data.page
      data.page = { ...rest, eyebrow, image: { src: '', alt: '' } }
    })
    expect(await read('content/pages/pricing.json')).toBe(before.replace(/"heading": "[^"]*"/, '"heading": "Des prix lisibles"'))
  })

  it('refuses an invalid change with the build’s own message, and writes nothing', async () => {
    const before = await read('content/pages/home.json')
    const save = saveEdited('content/pages/home.json', (data) => {
      const { title, ...rest } = data.page.sections[2]
      data.page.sections[2] = { ...rest, titel: title }
    })
    await expect(save).rejects.toMatchObject({ status: 422, message: 'content/pages/home.json › page.sections[2].titel: unknown field; did you mean "title"?' })
    expect(await read('content/pages/home.json')).toBe(before)
  })

  it('refuses a change that breaks another file, such as a case a page quotes', async () => {
    const save = saveEdited('content/pages/customers.json', (data) => {
      data.page.sections.find((section: { type: string }) => section.type === 'cases').items[0].id = 'autre-cas'
    })
    await expect(save).rejects.toMatchObject({ status: 422, message: expect.stringMatching(/^content\/pages\/home\.json › page\.sections\[\d+\]\.cases\[\d+\]\.case: unknown case/) })
  })

  it('keeps pictures a page shows, and lets others be uploaded and removed', async () => {
    await expect(backend('deleteFile', { path: 'static/images/heroes/stakes.svg', options: {} })).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining('content/pages/stakes.json › page.sections[0].image.src: no file static/images/heroes/stakes.svg'),
    })
    expect(await read('static/images/heroes/stakes.svg')).toContain('<svg')
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"/>'
    const uploaded = await backend('persistMedia', { asset: { path: 'static/images/heroes/spare.svg', content: Buffer.from(svg).toString('base64'), encoding: 'base64' }, options: {} })
    expect(uploaded).toMatchObject({ path: 'static/images/heroes/spare.svg', name: 'spare.svg', encoding: 'base64' })
    expect((await backend('getMedia', { mediaFolder: 'static/images/heroes' })) as { name: string }[]).toContainEqual(expect.objectContaining({ name: 'spare.svg' }))
    await backend('deleteFiles', { paths: ['static/images/heroes/spare.svg'], options: {} })
    await expect(read('static/images/heroes/spare.svg')).rejects.toThrow(/ENOENT/)
    const tooBig = backend('persistMedia', { asset: { path: 'static/images/big.png', content: Buffer.alloc(2048).toString('base64'), encoding: 'base64' }, options: {} })
    await expect(tooBig).rejects.toMatchObject({ status: 413 })
  })

  it('reads and writes only content/ (not its generated schemas) and static/images/, whatever the path or link', async () => {
    const raw = '{}'
    const attempts = [
      '../secret.txt',
      '/etc/passwd',
      'content/../../secret.txt',
      'content/pages/../../../secret.txt',
      'content\\..\\..\\secret.txt',
      'content/schemas/site.schema.json',
      'src/app/app.tsx',
      'static/favicon.svg',
      'static/images/../../secret.txt',
      'content/pages/home.json\0.txt',
    ]
    for (const file of attempts) {
      await expect(backend('persistEntry', { dataFiles: [{ path: file, raw }], assets: [] }), file).rejects.toMatchObject({ status: 403 })
      await expect(backend('getEntry', { path: file }), file).rejects.toMatchObject({ status: expect.any(Number) })
    }
    await expect(backend('persistMedia', { asset: { path: 'static/images/../../../secret.svg', content: '', encoding: 'base64' } })).rejects.toMatchObject({ status: 403 })
    await expect(backend('getMedia', { mediaFolder: 'static/images/../..' })).rejects.toMatchObject({ status: 403 })
    await expect(backend('entriesByFolder', { folder: '..', extension: 'txt', depth: 1 })).rejects.toMatchObject({ status: 403 })
    // A link inside content/ that leads out of it is not followed, to read or to write.
    await mkdir(path.join(root, 'content/extra'))
    await symlink(workDir, path.join(root, 'content/extra/out'))
    await expect(backend('getEntry', { path: 'content/extra/out/secret.json' })).rejects.toMatchObject({ status: 403 })
    await expect(backend('persistEntry', { dataFiles: [{ path: 'content/extra/out/new.json', raw }], assets: [] })).rejects.toMatchObject({ status: 403 })
    expect(await readFile(path.join(workDir, 'secret.txt'), 'utf8')).toBe('SECRET')
    // A Markdown text belongs to a page's JSON file.
    await expect(backend('persistEntry', { dataFiles: [{ path: 'content/pages/stray.md', raw: '# Titre' }], assets: [] })).rejects.toMatchObject({ status: 403 })
  })

  it('offers no editorial workflow and no renaming', async () => {
    await expect(backend('unpublishedEntries', {})).rejects.toMatchObject({ status: 422 })
    await expect(backend('persistEntry', { dataFiles: [{ path: 'content/site.json', newPath: 'content/other.json', raw: '{}' }], assets: [] })).rejects.toMatchObject({ status: 400 })
  })
})

describe('a saved content file', () => {
  it('loses the empty values the editor leaves, never a false or a zero', () => {
    expect(withoutEmptyValues({ a: '', b: null, c: [], d: {}, e: { f: '' }, g: false, h: 0, i: ['', 'x'] })).toEqual({ g: false, h: 0, i: ['', 'x'] })
  })

  it('keeps its keys in the order the file had them, new ones last', () => {
    expect(Object.keys(inOrderOf({ b: 1, a: 2, c: 3 }, { c: 3, d: 4, a: 2, b: 1 }) as object)).toEqual(['b', 'a', 'c', 'd'])
    expect(JSON.stringify(inOrderOf({ list: [{ y: 1, x: 2 }] }, { list: [{ x: 2, y: 1 }, { x: 3 }] }))).toBe('{"list":[{"y":1,"x":2},{"x":3}]}')
  })

  it('ends as it ended before; Markdown is kept as written', () => {
    expect(savedText('content/a.json', '{"a":1}', '{"a":0}')).toBe('{\n  "a": 1\n}')
    expect(savedText('content/a.json', '{"a":1}', '{"a":0}\n')).toBe('{\n  "a": 1\n}\n')
    expect(savedText('content/a.md', '## Titre\n\nTexte', '## Ancien\n')).toBe('## Titre\n\nTexte\n')
  })
})

describe('the HTTP side of the local backend', () => {
  let server: Server
  let url: string

  beforeEach(async () => {
    const handle = createContentEditorHandler({ root, check, maxBodyBytes: 4096 })
    server = http.createServer((request, response) => void handle(request, response, { origins: new Set([url]), hosts: new Set([new URL(url).host]) }))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve))
  })

  const post = (body: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', origin: url, ...headers } }, (response) => {
        let text = ''
        response.on('data', (chunk: Buffer) => (text += chunk))
        response.on('end', () => resolve({ status: response.statusCode!, body: text }))
      })
      request.on('error', reject)
      request.end(body)
    })

  it('answers the editor’s actions, and says why it refuses in the error the editor shows', async () => {
    expect(await post(JSON.stringify({ action: 'info' }))).toMatchObject({ status: 200, body: expect.stringContaining('"local_fs"') })
    const refused = await post(JSON.stringify({ action: 'getEntry', params: { path: '../secret.txt' } }))
    expect(refused.status).toBe(403)
    expect(JSON.parse(refused.body)).toEqual({ error: expect.stringContaining('content/') })
  })

  it('takes only JSON posted by the dev server’s own pages, within its size', async () => {
    const info = JSON.stringify({ action: 'info' })
    expect((await fetch(url)).status).toBe(405)
    expect((await post(info, { 'content-type': 'text/plain' })).status).toBe(415)
    expect((await post(info, { origin: 'https://attaquant.example' })).status).toBe(403)
    expect((await post(info, { host: 'rebinding.example' })).status).toBe(403)
    expect((await post('{"action":')).status).toBe(400)
    expect((await post(JSON.stringify({ action: 'info', padding: 'x'.repeat(5000) }))).status).toBe(413)
  })
})

describe('the editor configuration the dev server serves', () => {
  it('adds its local backend and makes it the site the editor links to', () => {
    const config = 'locale: "fr"\nsite_url: "https://www.ludora.fr"\ndisplay_url: "https://www.ludora.fr"\ncollections: []\n'
    expect(withLocalBackend(config, 'http://127.0.0.1:4173')).toBe(
      'locale: "fr"\nsite_url: "http://127.0.0.1:4173"\ndisplay_url: "http://127.0.0.1:4173"\ncollections: []\nlocal_backend:\n  url: "http://127.0.0.1:4173/admin/api/v1"\n',
    )
  })
})
