import { createHash, randomUUID } from 'node:crypto'
import { cp, mkdir, mkdtemp, readdir, readFile, realpath, rename, rm, symlink, unlink, writeFile } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import os from 'node:os'
import path from 'node:path'

/**
 * `npm run dev`'s backend for the /admin editor (Decap CMS): the JSON actions Decap's proxy backend posts,
 * as decap-server answers them (packages/decap-server/src/middlewares/localFs in decaporg/decap-cms), with
 * two differences. A save is checked like a build checks content/ before anything is written, and refused
 * with the checker's own lines; and only content/ and static/images/ can be read or written.
 */
export const LOCAL_BACKEND_PATH = '/admin/api/v1'

/** The editor's configuration: the dev server serves the build's, with this backend added. */
export const EDITOR_CONFIG_PATH = '/admin/config.yml'

export interface ContentEditorOptions {
  /** The folder holding content/ and static/ (the repository in `npm run dev`, a copy in tests). */
  root: string
  /** Every mistake in `root`/content (and what it names in `root`/static), one line each: `file › path: message`. */
  check: (root: string) => Promise<string[]>
  /** The largest request accepted (a picture travels in base64, a third larger than the file). */
  maxBodyBytes?: number
  /** The largest picture accepted. */
  maxPictureBytes?: number
}

/** Who may post: the dev server's own origins (a page of another site may not), named by its own host names. */
export interface RequestOrigin {
  origins: ReadonlySet<string>
  hosts: ReadonlySet<string>
}

const PICTURE = /\.(svg|png|jpe?g|webp|avif)$/i

/** A request the backend will not do: its status and why, in words the editor shows. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

type Kind = 'content' | 'picture'

const outside = (value: string) =>
  new Refusal(403, `L'éditeur ne lit et n'écrit que les fichiers de content/ (hors content/schemas/) et les images de static/images/ : ${value}`)

/** What a repository path names, or a refusal: no absolute path, no `..`, nothing outside the two folders. */
function kindOf(value: unknown, expected?: Kind): { file: string; kind: Kind } {
  if (typeof value !== 'string' || !value) throw new Refusal(400, 'Chemin attendu.')
  const segments = value.split('/')
  if (/[\\\0]/.test(value) || segments.some((segment) => !segment || /^\.+$/.test(segment))) throw outside(value)
  const kind: Kind | undefined =
    value.startsWith('content/') && !value.startsWith('content/schemas/') && /\.(json|md)$/.test(value)
      ? 'content'
      : value.startsWith('static/images/') && PICTURE.test(value)
        ? 'picture'
        : undefined
  if (!kind || (expected && kind !== expected)) throw outside(value)
  return { file: value, kind }
}

/** A folder the editor may list: content/ or static/images/, or one of theirs. */
function folderOf(value: unknown): string {
  if (typeof value !== 'string' || /[\\\0]/.test(value)) throw new Refusal(400, 'Dossier attendu.')
  const folder = value.replace(/^\/+|\/+$/g, '')
  const segments = folder.split('/')
  const allowed = ['content', 'static/images'].some((top) => folder === top || folder.startsWith(`${top}/`))
  if (!allowed || segments.some((segment) => !segment || /^\.+$/.test(segment))) throw outside(value)
  return folder
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex')

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Empty values the editor leaves behind (a cleared text, a list emptied, an object with nothing in it)
 * are taken out: a field left empty is a field left out, which the schema accepts or names as missing.
 */
export function withoutEmptyValues(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEmptyValues)
  if (!isObject(value)) return value
  const kept = Object.entries(value)
    .map(([key, field]) => [key, withoutEmptyValues(field)] as const)
    .filter(([, field]) => !(field === '' || field === null || (Array.isArray(field) && field.length === 0) || (isObject(field) && Object.keys(field).length === 0)))
  return Object.fromEntries(kept)
}

/** `next` with its keys in the order `previous` has them, new keys after: a save changes only the lines it edits. */
export function inOrderOf(previous: unknown, next: unknown): unknown {
  if (Array.isArray(next)) return next.map((item, index) => inOrderOf(Array.isArray(previous) ? previous[index] : undefined, item))
  if (!isObject(next)) return next
  const before = isObject(previous) ? Object.keys(previous).filter((key) => key in next) : []
  const keys = [...before, ...Object.keys(next).filter((key) => !before.includes(key))]
  return Object.fromEntries(keys.map((key) => [key, inOrderOf(isObject(previous) ? previous[key] : undefined, next[key])]))
}

/**
 * The text of a content file as saved: JSON indented by two spaces, its keys in the previous file's order;
 * Markdown as written. The file ends as it ended before (with a line break or not): a save changes only
 * what was edited.
 */
export function savedText(file: string, raw: unknown, previous: string | undefined): string {
  if (typeof raw !== 'string') throw new Refusal(400, `Contenu attendu pour ${file}.`)
  const ending = previous === undefined || previous.endsWith('\n') ? '\n' : ''
  if (!file.endsWith('.json')) return `${raw.replace(/\n+$/, '')}${ending}`
  let data: unknown
  try {
    data = JSON.parse(raw)
  } catch {
    throw new Refusal(400, `${file} : JSON illisible.`)
  }
  let before: unknown
  try {
    before = previous === undefined ? undefined : JSON.parse(previous)
  } catch {
    before = undefined
  }
  return `${JSON.stringify(inOrderOf(before, withoutEmptyValues(data)), null, 2)}${ending}`
}

/** A change the editor asks for: a file's new bytes, or its removal. */
interface Change {
  file: string
  data?: Buffer | string
}

/** The path on disk of a repository path (file or folder), provided nothing on the way (a link) leads out of its folder. */
async function confined(root: string, file: string): Promise<string> {
  const base = await realpath(root)
  const top = path.join(base, file.startsWith('content/') ? 'content' : 'static/images')
  const target = path.join(base, file)
  let probe = target
  for (;;) {
    try {
      const real = await realpath(probe)
      if (real !== top && !real.startsWith(top + path.sep)) throw outside(file)
      return target
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || probe === top || probe === base) throw error
      probe = path.dirname(probe)
    }
  }
}

async function readIfPresent(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file)
  } catch (error) {
    if (['ENOENT', 'EISDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) return undefined
    throw error
  }
}

/** Written beside the file, then renamed over it: the dev build never reads half a file. */
async function writeAtomically(target: string, data: Buffer | string): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true })
  const temporary = `${target}.${randomUUID()}.tmp`
  try {
    await writeFile(temporary, data)
    await rename(temporary, target)
  } finally {
    await rm(temporary, { force: true })
  }
}

async function listFiles(dir: string, depth: number): Promise<string[]> {
  if (depth <= 0) return []
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => [])
  const nested = await Promise.all(entries.map((entry) => (entry.isDirectory() ? listFiles(path.join(dir, entry.name), depth - 1) : [path.join(dir, entry.name)])))
  return nested.flat()
}

function base64Of(value: unknown, file: string, limit: number): Buffer {
  if (typeof value !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) throw new Refusal(400, `Image attendue en base64 : ${file}`)
  const data = Buffer.from(value, 'base64')
  if (data.length > limit) throw new Refusal(413, `${file} : ${Math.ceil(data.length / 1024)} Ko, au-delà des ${Math.floor(limit / 1024)} Ko acceptés pour une image.`)
  return data
}

/** The protocol's actions over `root`, each answering what the editor expects, or throwing a Refusal. */
export function createLocalBackend({ root, check, maxPictureBytes = 5 * 1024 * 1024 }: ContentEditorOptions) {
  const repository = path.resolve(root)
  let queue: Promise<unknown> = Promise.resolve()
  /** Saves and removals one at a time: each is checked against what the previous one wrote. */
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work)
    queue = run.catch(() => undefined)
    return run
  }

  async function entry(file: unknown, label?: unknown) {
    const { file: relative } = kindOf(file, 'content')
    const data = await readIfPresent(await confined(repository, relative))
    return { data: data?.toString('utf8') ?? null, file: { path: relative, ...(typeof label === 'string' ? { label } : {}), id: data ? sha256(data) : null } }
  }

  async function mediaFile(file: unknown) {
    const { file: relative } = kindOf(file, 'picture')
    const data = await readIfPresent(await confined(repository, relative))
    if (!data) throw new Refusal(404, `Aucune image ${relative}`)
    return { id: sha256(data), content: data.toString('base64'), encoding: 'base64', path: relative, name: path.posix.basename(relative) }
  }

  /**
   * Applies `changes` to a copy of content/ (and static/ when they touch it) and checks it as the build
   * would. Refused when a changed file has a mistake, or when the change adds one elsewhere (a picture
   * still named by a page); mistakes already there in other files do not block an unrelated save.
   */
  async function refuseMistakes(changes: readonly Change[]): Promise<void> {
    const staging = await mkdtemp(path.join(os.tmpdir(), 'ludora-editor-'))
    try {
      await cp(path.join(repository, 'content'), path.join(staging, 'content'), { recursive: true })
      if (changes.some((change) => change.file.startsWith('static/'))) await cp(path.join(repository, 'static'), path.join(staging, 'static'), { recursive: true })
      else await symlink(path.join(repository, 'static'), path.join(staging, 'static'), 'dir')
      await Promise.all(
        changes.map(async ({ file, data }) => {
          const target = path.join(staging, file)
          if (data === undefined) return rm(target, { force: true })
          await mkdir(path.dirname(target), { recursive: true })
          return writeFile(target, data)
        }),
      )
      const [before, after] = await Promise.all([check(repository), check(staging)])
      const changed = new Set(changes.map((change) => change.file))
      const known = new Set(before)
      const blocking = after.filter((line) => changed.has(line.split(' › ')[0]!) || !known.has(line))
      if (blocking.length) throw new Refusal(422, blocking.join('\n'))
    } finally {
      await rm(staging, { recursive: true, force: true })
    }
  }

  async function writePicture(asset: unknown) {
    const { path: file, content } = isObject(asset) ? asset : {}
    const { file: relative } = kindOf(file, 'picture')
    await writeAtomically(await confined(repository, relative), base64Of(content, relative, maxPictureBytes))
    return relative
  }

  const actions: Record<string, (params: Record<string, unknown>) => Promise<unknown>> = {
    info: async () => ({ repo: path.basename(repository), publish_modes: ['simple'], type: 'local_fs' }),

    entriesByFolder: async ({ folder, extension, depth }) => {
      const dir = folderOf(folder)
      if (!dir.startsWith('content')) throw outside(dir)
      const files = await listFiles(await confined(repository, dir), typeof depth === 'number' ? Math.min(depth, 10) : 1)
      const wanted = typeof extension === 'string' ? extension.replace(/^\.?/, '.') : '.json'
      const relative = files.map((file) => path.relative(repository, file).split(path.sep).join('/')).filter((file) => file.endsWith(wanted) && !file.startsWith('content/schemas/'))
      return Promise.all(relative.map((file) => entry(file)))
    },

    entriesByFiles: async ({ files }) => {
      if (!Array.isArray(files)) throw new Refusal(400, 'Liste de fichiers attendue.')
      return Promise.all(files.map((file: unknown) => entry(isObject(file) ? file.path : undefined, isObject(file) ? file.label : undefined)))
    },

    getEntry: async ({ path: file }) => entry(file),

    persistEntry: ({ entry: single, dataFiles, assets = [] }) =>
      oneAtATime(async () => {
        const files = Array.isArray(dataFiles) ? dataFiles : single === undefined ? [] : [single]
        if (!files.length || !Array.isArray(assets)) throw new Refusal(400, 'Fichiers à enregistrer attendus.')
        const changes = await Promise.all(
          files.map(async (dataFile: unknown): Promise<Change> => {
            const { path: file, raw, newPath } = isObject(dataFile) ? dataFile : {}
            if (newPath !== undefined && newPath !== file) throw new Refusal(400, 'Déplacer ou renommer un fichier de contenu se fait dans le dépôt, pas dans l’éditeur.')
            const { file: relative } = kindOf(file, 'content')
            const target = await confined(repository, relative)
            if (relative.endsWith('.md') && !(await readIfPresent(target.replace(/\.md$/, '.json')))) {
              throw new Refusal(403, `${relative} : un texte Markdown accompagne le fichier JSON de sa page, qui n’existe pas.`)
            }
            return { file: relative, data: savedText(relative, raw, (await readIfPresent(target))?.toString('utf8')) }
          }),
        )
        // Pictures first: the entry may name them, and a picture the entry does not keep is harmless.
        await Promise.all(assets.map(writePicture))
        await refuseMistakes(changes)
        await Promise.all(changes.map(async ({ file, data }) => writeAtomically(await confined(repository, file), data!)))
        return { message: 'entry persisted' }
      }),

    getMedia: async ({ mediaFolder }) => {
      const dir = folderOf(mediaFolder)
      if (!dir.startsWith('static/images')) throw outside(dir)
      const files = await listFiles(await confined(repository, dir), 1)
      const pictures = files.map((file) => path.relative(repository, file).split(path.sep).join('/')).filter((file) => PICTURE.test(file))
      return Promise.all(pictures.map(mediaFile))
    },

    getMediaFile: async ({ path: file }) => mediaFile(file),

    persistMedia: ({ asset }) => oneAtATime(async () => mediaFile(await writePicture(asset))),

    deleteFile: ({ path: file }) => actions.deleteFiles!({ paths: [file] }),

    deleteFiles: ({ paths }) =>
      oneAtATime(async () => {
        if (!Array.isArray(paths) || !paths.length) throw new Refusal(400, 'Liste de fichiers attendue.')
        const files = paths.map((file: unknown) => kindOf(file, 'picture').file)
        await refuseMistakes(files.map((file) => ({ file })))
        await Promise.all(files.map(async (file) => unlink(await confined(repository, file)).catch(() => undefined)))
        return { message: `deleted files ${files.join(', ')}` }
      }),

    getDeployPreview: async () => null,
  }

  /** Runs one action; `params` as posted. */
  return async function perform(action: unknown, params: unknown): Promise<unknown> {
    const run = typeof action === 'string' && Object.hasOwn(actions, action) ? actions[action] : undefined
    // The editorial workflow (drafts, reviews) is not offered: the local backend announces "simple" only.
    if (!run) throw new Refusal(422, `Action inconnue : ${String(action)}`)
    return run(isObject(params) ? params : {})
  }
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(body))
}

async function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  if (Number(request.headers['content-length'] ?? 0) > limit) throw new Refusal(413, 'Requête trop grande.')
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > limit) throw new Refusal(413, 'Requête trop grande.')
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

/**
 * The HTTP side: POST only, from the dev server's own pages (host and origin checked, so neither another
 * site open in the browser nor a DNS name pointed at 127.0.0.1 can write), JSON only, bounded in size.
 */
export function createContentEditorHandler(options: ContentEditorOptions) {
  const perform = createLocalBackend(options)
  const limit = options.maxBodyBytes ?? 8 * 1024 * 1024
  return async function handle(request: IncomingMessage, response: ServerResponse, { origins, hosts }: RequestOrigin): Promise<void> {
    try {
      if (request.method !== 'POST') {
        response.setHeader('allow', 'POST')
        throw new Refusal(405, 'POST attendu.')
      }
      const origin = request.headers.origin
      if (!hosts.has(request.headers.host ?? '') || (origin !== undefined && !origins.has(origin))) throw new Refusal(403, 'Réservé aux pages du serveur de développement.')
      if (!/^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? '')) throw new Refusal(415, 'JSON attendu (Content-Type: application/json).')
      const body = await readBody(request, limit)
      let message: unknown
      try {
        message = JSON.parse(body.toString('utf8'))
      } catch {
        throw new Refusal(400, 'JSON illisible.')
      }
      if (!isObject(message)) throw new Refusal(400, 'Objet JSON attendu.')
      send(response, 200, await perform(message.action, message.params))
    } catch (error) {
      if (error instanceof Refusal) {
        if (error.status === 413) response.setHeader('connection', 'close')
        return send(response, error.status, { error: error.message })
      }
      console.error('Content editor:', error)
      send(response, 500, { error: 'Erreur interne du serveur de développement ; le détail est dans son terminal.' })
    }
  }
}

/**
 * The build's editor configuration with this backend as the place to save (Decap uses `local_backend` on
 * 127.0.0.1 and localhost only), and this server as the site its « Voir en direct » link opens.
 */
export function withLocalBackend(configYaml: string, serverUrl: string): string {
  const url = JSON.stringify(serverUrl)
  const local = configYaml.replace(/^(site_url|display_url): .*$/gm, (_line, key: string) => `${key}: ${url}`)
  return `${local.replace(/\n?$/, '\n')}local_backend:\n  url: ${JSON.stringify(serverUrl + LOCAL_BACKEND_PATH)}\n`
}
