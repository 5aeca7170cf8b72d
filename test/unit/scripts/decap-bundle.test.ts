import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'

const scripts = path.resolve(import.meta.dirname, '../../../scripts')
// The build scripts have no type declarations; only these are used.
const decap = (await import(pathToFileURL(path.join(scripts, 'decap-bundle.mjs')).href)) as {
  tarFiles: (archive: Buffer, folder: string) => Iterable<{ name: string; body: Buffer }>
  isDecapFile: (name: string) => boolean
}

/** One tar entry as npm writes them: a ustar header, then the body padded to 512 bytes. */
function entry(name: string, body: string, { type = '0', prefix = '' } = {}): Buffer {
  const header = Buffer.alloc(512)
  header.write(name, 0, 100)
  header.write(`${Buffer.byteLength(body).toString(8).padStart(11, '0')}\0`, 124, 12)
  header.write(type, 156, 1)
  header.write('ustar\0', 257, 6)
  header.write(prefix, 345, 155)
  const padded = Buffer.alloc(Math.ceil(Buffer.byteLength(body) / 512) * 512)
  padded.write(body)
  return Buffer.concat([header, padded])
}

const pax = (longName: string) => {
  const record = (length: number) => `${length} path=${longName}\n`
  let length = record(0).length
  while (record(length).length !== length) length = record(length).length
  return entry('PaxHeader', record(length), { type: 'x' })
}

describe("Decap's bundle from its package", () => {
  it('reads only the regular files directly in the folder, with long names from pax headers and ustar prefixes', () => {
    const longChunk = `${'7'.repeat(120)}.decap-cms.js`
    const archive = Buffer.concat([
      entry('package/package.json', '{}'),
      entry('package/dist/decap-cms.js', 'bundle'.repeat(200)),
      entry('package/dist/sub/nested.js', 'no'),
      entry('package/dist/folder', '', { type: '5' }),
      pax(`package/dist/${longChunk}`),
      entry('ignored-short-name', 'chunk'),
      entry('1.decap-cms.js', 'prefixed', { prefix: 'package/dist' }),
      Buffer.alloc(1024),
    ])
    const files = [...decap.tarFiles(archive, 'package/dist')].map(({ name, body }) => [name, body.toString()])
    expect(files).toEqual([
      ['decap-cms.js', 'bundle'.repeat(200)],
      [longChunk, 'chunk'],
      ['1.decap-cms.js', 'prefixed'],
    ])
  })

  it('keeps the bundle, its chunks, its WebAssembly and its licence notices, not the source maps or the other build', () => {
    expect(['decap-cms.js', '103.decap-cms.js', 'a.wasm', 'decap-cms.js.LICENSE.txt'].every(decap.isDecapFile)).toBe(true)
    expect(['decap-cms.js.map', 'cms.js', '103.cms.js', 'index.html'].some(decap.isDecapFile)).toBe(false)
  })
})
