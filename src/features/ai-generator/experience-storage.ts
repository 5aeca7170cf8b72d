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

/** Newest first. Readable entries are kept; anything else goes to the backup key with a French message shown. */
export function loadExperiences(): StorageResult {
  const storage = getStorage()
  if (!storage) return { items: [], problem: 'unavailable' }
  const raw = storage.getItem(STORAGE_KEY)
  if (raw === null) return { items: [] }
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    parsed = undefined
  }
  const list = Array.isArray(parsed) ? parsed : []
  const items = list.filter(isStoredExperience).sort((a, b) => b.createdAt.localeCompare(a.createdAt))
  if (Array.isArray(parsed) && items.length === list.length) return { items }
  // Only rewrite the key once what it held is safe elsewhere.
  if (backUp(storage, raw)) {
    try {
      storage.setItem(STORAGE_KEY, JSON.stringify(items))
    } catch {
      // The backup exists; the unreadable entries will be skipped again next time.
    }
  }
  return { items, problem: 'corrupt' }
}

function write(items: StoredExperience[]): StorageProblem | undefined {
  const storage = getStorage()
  if (!storage) return 'unavailable'
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(items))
    return undefined
  } catch (error) {
    return isQuotaError(error) ? 'full' : 'unavailable'
  }
}

/** Saves the whole list; when storage refuses, the caller keeps the list in memory and tells the visitor. */
export function saveExperiences(items: StoredExperience[]): StorageResult {
  const problem = write(items)
  return problem ? { items, problem } : { items }
}

export function createExperienceId(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
}
