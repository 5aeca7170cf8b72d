import { useSyncExternalStore } from 'react'
import { addExperience, loadExperiences, removeExperience, STORAGE_KEY, type StorageProblem, type StorageResult, type StoredExperience } from './experience-storage'

export interface ExperiencesSnapshot {
  /** Newest first: what storage holds now, plus the experiences it refused, kept for this visit. */
  items: readonly StoredExperience[]
  /** Ids of the experiences shown but not saved in this browser. */
  unsaved: ReadonlySet<string>
  problem?: StorageProblem
}

export interface ExperienceStore {
  subscribe: (listener: () => void) => () => void
  getSnapshot: () => ExperiencesSnapshot
  getServerSnapshot: () => ExperiencesSnapshot
  add: (record: StoredExperience) => void
  remove: (id: string) => void
}

const EMPTY: ExperiencesSnapshot = { items: [], unsaved: new Set() }
const notSaved = (result: StorageResult) => result.problem === 'full' || result.problem === 'unavailable'
const newestFirst = (a: StoredExperience, b: StoredExperience) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id)

/**
 * The list the page shows always derives from storage: every change is a read-modify-write of what the key
 * holds at that instant, and a change made in another tab (the `storage` event) is read again at once. An
 * experience storage refuses (full, blocked) stays in memory, marked unsaved, and is saved as soon as
 * storage accepts it again (after a deletion here or in another tab).
 */
export function createExperienceStore(): ExperienceStore {
  let snapshot: ExperiencesSnapshot | undefined
  let stored: readonly StoredExperience[] = []
  let problem: StorageProblem | undefined
  const unsaved = new Map<string, StoredExperience>()
  const listeners = new Set<() => void>()

  const flushUnsaved = () => {
    for (const record of [...unsaved.values()]) {
      const result = addExperience(record)
      if (notSaved(result)) return result
      unsaved.delete(record.id)
      stored = result.items
    }
    return undefined
  }

  /** Takes in the result of a storage call, then tries once more to save what is still unsaved. */
  const settle = (result: StorageResult) => {
    stored = result.items
    const refused = notSaved(result) ? result : flushUnsaved()
    if (refused) problem = refused.problem
    else if (result.problem) problem = result.problem
    else if (problem !== 'corrupt') problem = undefined
    const shown = [...stored, ...[...unsaved.values()].filter((record) => !stored.some((item) => item.id === record.id))].sort(newestFirst)
    snapshot = { items: shown, unsaved: new Set(unsaved.keys()), ...(problem ? { problem } : {}) }
  }

  const notify = () => listeners.forEach((listener) => listener())

  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY && event.key !== null) return
    settle(loadExperiences())
    notify()
  }

  return {
    subscribe(listener) {
      if (listeners.size === 0) window.addEventListener('storage', onStorage)
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
        if (listeners.size > 0) return
        window.removeEventListener('storage', onStorage)
        // Nobody hears the storage event now: read storage again when the list is next shown.
        snapshot = undefined
      }
    },
    getSnapshot() {
      if (!snapshot) settle(loadExperiences())
      return snapshot ?? EMPTY
    },
    getServerSnapshot: () => EMPTY,
    add(record) {
      const result = addExperience(record)
      if (notSaved(result)) unsaved.set(record.id, record)
      settle(result)
      notify()
    },
    remove(id) {
      unsaved.delete(id)
      settle(removeExperience(id))
      notify()
    },
  }
}

export const experienceStore = createExperienceStore()

export function useExperiences(store: ExperienceStore = experienceStore): ExperiencesSnapshot {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot)
}
