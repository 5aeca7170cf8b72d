import { experienceSchema, generatorFormSchema, type Experience, type GeneratorRequest } from './experience-schema'

/** One versioned key; a later shape gets `:v2` and a migration, never a silent overwrite. */
export const STORAGE_KEY = 'ludora:ai-experiences:v1'
export const BACKUP_KEY = 'ludora:ai-experiences:backup'

export interface StoredExperience {
  id: string
  createdAt: string
  request: GeneratorRequest
  experience: Experience
}

export type StorageProblem = 'unavailable' | 'corrupt' | 'full'

/**
 * `full` and `unavailable` mean the change was not saved; `corrupt` means it was, after unreadable data was
 * set aside.
 */
export interface StorageResult {
  items: StoredExperience[]
  problem?: StorageProblem
}

function getStorage(): Storage | undefined {
  try {
    const storage = window.localStorage
    storage.getItem(STORAGE_KEY)
    return storage
  } catch {
    return undefined
  }
}

export function isStoredExperience(value: unknown): value is StoredExperience {
  if (typeof value !== 'object' || value === null) return false
  const record = value as Partial<StoredExperience>
  return (
    typeof record.id === 'string' &&
    typeof record.createdAt === 'string' &&
    !Number.isNaN(Date.parse(record.createdAt)) &&
    generatorFormSchema.isValidSync(record.request) &&
    experienceSchema.isValidSync(record.experience, { strict: true })
  )
}

/**
 * Yup takes about a third of a millisecond per record: every change re-reads the whole list, so a record
 * already judged valid is not judged again. Keyed by its JSON text, so a changed record is checked anew;
 * only the records of the latest read are kept.
 */
let validated = new Map<string, StoredExperience>()

function readableEntries(list: unknown[]): StoredExperience[] {
  const next = new Map<string, StoredExperience>()
  const items: StoredExperience[] = []
  for (const entry of list) {
    const text = JSON.stringify(entry)
    const known = validated.get(text) ?? (isStoredExperience(entry) ? entry : undefined)
    if (!known) continue
    next.set(text, known)
    items.push(known)
  }
  validated = next
  return items
}

/** Unreadable data is moved aside, never deleted: appended to the backup key, or to a dated key of its own. */
function backUp(storage: Storage, raw: string): boolean {
  try {
    const existing = storage.getItem(BACKUP_KEY)
    let entries: unknown[] = []
    if (existing !== null) {
      const parsed: unknown = JSON.parse(existing)
      if (!Array.isArray(parsed)) throw new Error('backup unreadable')
      entries = parsed
    }
    storage.setItem(BACKUP_KEY, JSON.stringify([...entries, { savedAt: new Date().toISOString(), raw }]))
    return true
  } catch {
    try {
      storage.setItem(`${BACKUP_KEY}:${Date.now()}`, raw)
      return true
    } catch {
      return false
    }
  }
}

function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED' || error.code === 22)
}

const newestFirst = (a: StoredExperience, b: StoredExperience) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id)

/** What the key holds right now, with `corrupt` set when some of it could not be read. */
function read(storage: Storage): { raw: string | null; items: StoredExperience[]; corrupt: boolean } {
  const raw = storage.getItem(STORAGE_KEY)
  if (raw === null) return { raw, items: [], corrupt: false }
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    parsed = undefined
  }
  const list = Array.isArray(parsed) ? parsed : []
  const items = readableEntries(list).sort(newestFirst)
  return { raw, items, corrupt: !Array.isArray(parsed) || items.length !== list.length }
}

function write(storage: Storage, items: StoredExperience[]): StorageProblem | undefined {
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(items))
    return undefined
  } catch (error) {
    return isQuotaError(error) ? 'full' : 'unavailable'
  }
}

/**
 * Read-modify-write: `change` gets the list the key holds at this instant (never an older copy) and its
 * result is written back at once. Unreadable data is backed up before the key is rewritten; when that
 * backup or the write fails, the key keeps what it held and the result carries the problem.
 */
export function updateExperiences(change: (items: StoredExperience[]) => StoredExperience[]): StorageResult {
  const storage = getStorage()
  if (!storage) return { items: [], problem: 'unavailable' }
  const current = read(storage)
  const next = change(current.items).sort(newestFirst)
  const unchanged = next.length === current.items.length && next.every((item, index) => item === current.items[index])
  if (unchanged && !current.corrupt) return { items: current.items }
  if (current.corrupt && current.raw !== null && !backUp(storage, current.raw)) return { items: current.items, problem: 'full' }
  const problem = write(storage, next)
  if (problem) return { items: current.items, problem }
  return current.corrupt ? { items: next, problem: 'corrupt' } : { items: next }
}

/** Newest first. Readable entries are kept; anything else goes to the backup key with a French message shown. */
export function loadExperiences(): StorageResult {
  return updateExperiences((items) => items)
}

/** Adds by id: a record the list already holds is left as it is. */
export function addExperience(record: StoredExperience): StorageResult {
  return updateExperiences((items) => (items.some((item) => item.id === record.id) ? items : [record, ...items]))
}

export function removeExperience(id: string): StorageResult {
  return updateExperiences((items) => items.filter((item) => item.id !== id))
}

export function createExperienceId(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
}
