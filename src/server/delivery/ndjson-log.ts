import { mkdir, open } from 'node:fs/promises'
import path from 'node:path'
import type { Channel } from './channel'

/** Appends one JSON line and flushes it to disk before resolving. */
export async function appendNdjson(file: string, record: object): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true })
  const handle = await open(file, 'a')
  try {
    await handle.appendFile(JSON.stringify(record) + '\n')
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** No channel configured on Node: each submission is appended to `<dataDir>/<kind>.ndjson`. */
export function createNdjsonLogChannel(dataDir: string): Channel {
  return {
    name: 'log',
    send: ({ id, kind, receivedAt, data }) => appendNdjson(path.join(dataDir, `${kind}.ndjson`), { id, receivedAt, ...data }),
  }
}
