// Decap CMS's prebuilt bundle for the /admin content editor, without the 593 packages `decap-cms` declares
// to build it: the package's own tarball is fetched once through npm (its registry, proxy and cache), checked
// against the integrity pinned here, and only the files the editor serves are unpacked, into
// node_modules/.cache/ (docs/decisions/051-decap-bundle-without-its-build-tree.md).
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { gunzipSync } from 'node:zlib'

/** To update: the version, and the `dist.integrity` that `npm view decap-cms@<version> dist` prints. */
export const DECAP = {
  version: '3.16.3',
  integrity: 'sha512-hf+dPlCh7TJmWl8+6VRzHYOWhri5xgUknrZbDewaWe4s9B7xJ8PQugp2QHeSldMUKzav6+z0oIpwUYhUJDYtYw==',
}

const ROOT = path.resolve(import.meta.dirname, '..')
const CACHE = path.join(ROOT, 'node_modules/.cache')

/** Decap's bundle, the chunks and WebAssembly it loads from its own folder, and its licence notices. */
export const isDecapFile = (name) => /(^|\.)decap-cms\.js$/.test(name) || name.endsWith('.wasm') || name === 'decap-cms.js.LICENSE.txt'

/** The regular files of a tar archive under `folder`, by their names there (ustar, with pax long names). */
export function* tarFiles(archive, folder) {
  let offset = 0
  let longName
  while (offset + 512 <= archive.length && archive[offset] !== 0) {
    const header = archive.subarray(offset, offset + 512)
    const text = (start, length) => header.subarray(start, start + length).toString('utf8').replace(/\0.*$/s, '')
    const size = Number.parseInt(text(124, 12).trim() || '0', 8)
    const type = text(156, 1) || '0'
    const body = archive.subarray(offset + 512, offset + 512 + size)
    offset += 512 + Math.ceil(size / 512) * 512
    if (type === 'x') {
      longName = /\d+ path=([^\n]*)\n/.exec(body.toString('utf8'))?.[1]
      continue
    }
    const prefix = text(345, 155)
    const name = longName ?? (prefix ? `${prefix}/${text(0, 100)}` : text(0, 100))
    longName = undefined
    if ((type === '0' || type === '7') && name.startsWith(`${folder}/`) && !name.slice(folder.length + 1).includes('/')) yield { name: name.slice(folder.length + 1), body }
  }
}

const integrityOf = (bytes) => `sha512-${createHash('sha512').update(bytes).digest('base64')}`

/**
 * The folder holding Decap's files, fetched the first time. Builds running side by side (the test suite's
 * and a test's own) each unpack into a folder of their own and rename it into place: the first one wins.
 */
export async function decapBundleDir() {
  const dir = path.join(CACHE, `decap-cms-${DECAP.version}`)
  if (existsSync(dir)) return dir
  await mkdir(CACHE, { recursive: true })
  const work = await mkdtemp(path.join(CACHE, 'decap-cms-'))
  try {
    const npm = process.env.npm_execpath ? [process.execPath, [process.env.npm_execpath]] : [process.platform === 'win32' ? 'npm.cmd' : 'npm', []]
    const { stdout } = await promisify(execFile)(npm[0], [...npm[1], 'pack', `decap-cms@${DECAP.version}`, '--json', '--pack-destination', work], {
      cwd: work,
      maxBuffer: 16 * 1024 * 1024,
      // Node runs a .cmd file (npm on Windows, outside npm scripts) only through a shell.
      shell: process.platform === 'win32' && !process.env.npm_execpath,
    })
    const [{ filename }] = JSON.parse(stdout)
    const tarball = await readFile(path.join(work, filename))
    const integrity = integrityOf(tarball)
    if (integrity !== DECAP.integrity) throw new Error(`decap-cms@${DECAP.version} : empreinte inattendue (${integrity}), au lieu de ${DECAP.integrity}.`)
    const unpacked = path.join(work, 'dist')
    await mkdir(unpacked)
    const files = [...tarFiles(gunzipSync(tarball), 'package/dist')].filter(({ name }) => isDecapFile(name))
    if (!files.some(({ name }) => name === 'decap-cms.js')) throw new Error(`decap-cms@${DECAP.version} : pas de dist/decap-cms.js dans le paquet.`)
    await Promise.all(files.map(({ name, body }) => writeFile(path.join(unpacked, name), body)))
    await rename(unpacked, dir).catch((error) => {
      if (!existsSync(dir)) throw error
    })
    return dir
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}
