import { appendFile, mkdir } from 'node:fs/promises'
import path from 'node:path'
import type { Delivery } from './delivery'

/** No channel configured on Node: each submission is appended to `<dataDir>/<kind>.ndjson`. */
export function createNdjsonLog(dataDir: string): Delivery {
  return {
    async accept({ id, kind, receivedAt, data }) {
      await mkdir(dataDir, { recursive: true })
      await appendFile(path.join(dataDir, `${kind}.ndjson`), JSON.stringify({ id, receivedAt, ...data }) + '\n')
    },
    async close() {},
  }
}
