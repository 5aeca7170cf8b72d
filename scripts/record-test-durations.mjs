// Writes test/file-durations.json from vitest's own results cache: how long each test file took in the last
// run on this machine. The suite's sequencer (test/setup/duration-sequencer.ts) starts the longest files
// first from it on a fresh clone, where vitest has no cache of its own. Run it after a full `npm test`.
import { existsSync } from 'node:fs'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const cacheDir = path.join(root, 'node_modules/.vite/vitest')
const found = await readdir(cacheDir).catch(() => [])
const durations = {}
for (const folder of found) {
  const file = path.join(cacheDir, folder, 'results.json')
  const cache = JSON.parse(await readFile(file, 'utf8').catch(() => '{"results":[]}'))
  for (const [key, { duration }] of cache.results) {
    // The cache remembers every file it ever ran, deleted and renamed ones too.
    if (duration > 0 && existsSync(path.join(root, key.slice(key.indexOf(':') + 1)))) durations[key] = Math.round(duration / 100) / 10
  }
}
if (!Object.keys(durations).length) {
  console.error('Aucune durée en cache : lancez d’abord `npm test`.')
  process.exit(1)
}
const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => a.localeCompare(b)))
await writeFile(path.join(root, 'test/file-durations.json'), `${JSON.stringify(sorted, null, 2)}\n`)
console.log(`test/file-durations.json : ${Object.keys(sorted).length} fichiers.`)
