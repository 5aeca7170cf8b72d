import { mkdir, open, opendir, readFile, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { isPendingSubmission, type DeliveryLogger, type PendingSubmission } from './delivery'

/** One pending submission, as stored in `<dataDir>/outbox/<id>.json`. */
export interface OutboxEntry extends PendingSubmission {
  /** Epoch milliseconds; 0 before the first attempt. */
  lastAttemptAt: number
  nextAttemptAt: number
  /** The server run that made the last attempt (see node-delivery's startup pass). */
  run?: string
}

const ENTRY = '.json'
const SAFE_ID = /^[A-Za-z0-9_-]{1,100}$/

function isEntry(value: unknown): value is OutboxEntry {
  if (!isPendingSubmission(value)) return false
  const entry = value as Partial<OutboxEntry>
  return typeof entry.lastAttemptAt === 'number' && typeof entry.nextAttemptAt === 'number'
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r')
  try {
    await handle.sync()
  } catch (error) {
    // Windows cannot fsync a directory; its renames are durable once the call returns.
    if (process.platform !== 'win32') throw error
  } finally {
    await handle.close()
  }
}

async function* fileNames(dir: string): AsyncGenerator<string> {
  let directory
  try {
    directory = await opendir(dir)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
    throw error
  }
  for await (const dirent of directory) if (dirent.isFile()) yield dirent.name
}

/**
 * The durable queue: one small file per submission, written to a temporary name, fsynced, renamed into
 * place and the directory fsynced, so an entry is either whole on disk or absent, even after a crash.
 */
export function createOutbox(directory: string, logger: DeliveryLogger) {
  const dir = path.resolve(directory)
  const file = (id: string) => path.join(dir, id + ENTRY)

  async function write(entry: OutboxEntry): Promise<void> {
    const target = file(entry.submission.id)
    const temporary = `${target}.tmp`
    const handle = await open(temporary, 'w')
    try {
      await handle.writeFile(JSON.stringify(entry))
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temporary, target)
    await syncDirectory(dir)
  }

  return {
    dir,
    async add(entry: OutboxEntry): Promise<void> {
      if (!SAFE_ID.test(entry.submission.id)) throw new TypeError(`Submission id not usable as a file name: ${entry.submission.id}`)
      const created = await mkdir(dir, { recursive: true })
      // A new directory is durable only once its own parent is synced, level by level.
      for (let level = dir; created; level = path.dirname(level)) {
        await syncDirectory(path.dirname(level))
        if (level === created || path.dirname(level) === level) break
      }
      await write(entry)
    },
    save: write,
    async remove(id: string): Promise<void> {
      await rm(file(id), { force: true })
      await syncDirectory(dir)
    },
    /** The entry, or undefined once it is gone; an unreadable file is set aside as `<id>.json.corrupt`. */
    async read(id: string): Promise<OutboxEntry | undefined> {
      let text: string
      try {
        text = await readFile(file(id), 'utf8')
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
        throw error
      }
      let entry: unknown
      try {
        entry = JSON.parse(text)
      } catch {
        entry = undefined
      }
      if (isEntry(entry) && entry.submission.id === id) return entry
      await rename(file(id), `${file(id)}.corrupt`)
      logger.error(`Livraison : entrée illisible de la file d'attente mise de côté dans ${file(id)}.corrupt`)
      return undefined
    },
    /** Streams the ids on disk, so a huge outbox is never held in memory at once. */
    async *ids(): AsyncGenerator<string> {
      for await (const name of fileNames(dir)) if (name.endsWith(ENTRY)) yield name.slice(0, -ENTRY.length)
    },
    /** Leftovers of writes a crash interrupted: their accept never resolved, or the previous version still stands. */
    async removeTemporaries(): Promise<void> {
      for await (const name of fileNames(dir)) if (name.endsWith(`${ENTRY}.tmp`)) await rm(path.join(dir, name), { force: true })
    },
  }
}
