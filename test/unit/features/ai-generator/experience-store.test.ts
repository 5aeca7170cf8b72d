// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { STORAGE_KEY } from '#src/features/ai-generator/experience-storage'
import { createExperienceStore } from '#src/features/ai-generator/experience-store'
import { record } from './experience-fixtures'

const ids = (store: ReturnType<typeof createExperienceStore>) => store.getSnapshot().items.map((item) => item.id)

function fillStorage() {
  return vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
    throw new DOMException('full', 'QuotaExceededError')
  })
}

describe('experience store', () => {
  it('derives the list from storage and keeps the snapshot stable between changes', () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify([record('a', '2026-11-01T10:00:00.000Z')]))
    const store = createExperienceStore()
    const first = store.getSnapshot()
    expect(first.items.map((item) => item.id)).toEqual(['a'])
    expect(store.getSnapshot()).toBe(first)
  })

  it('follows another tab through the storage event', () => {
    const store = createExperienceStore()
    const listener = vi.fn()
    const unsubscribe = store.subscribe(listener)
    store.add(record('a', '2026-11-01T10:00:00.000Z'))
    localStorage.setItem(STORAGE_KEY, JSON.stringify([record('a', '2026-11-01T10:00:00.000Z'), record('b', '2026-11-02T10:00:00.000Z')]))
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEY }))
    expect(ids(store)).toEqual(['b', 'a'])
    window.dispatchEvent(new StorageEvent('storage', { key: 'ludora:lang' }))
    expect(listener).toHaveBeenCalledTimes(2)
    unsubscribe()
  })

  it('reads storage again when it is shown after nobody listened', () => {
    const store = createExperienceStore()
    store.subscribe(() => undefined)()
    localStorage.setItem(STORAGE_KEY, JSON.stringify([record('a', '2026-11-01T10:00:00.000Z')]))
    expect(ids(store)).toEqual(['a'])
  })

  it('keeps an experience storage refuses on screen, marked unsaved, and saves it once space is freed', () => {
    const store = createExperienceStore()
    store.add(record('old', '2026-11-01T10:00:00.000Z'))
    const full = fillStorage()
    store.add(record('new', '2026-11-02T10:00:00.000Z'))
    expect(ids(store)).toEqual(['new', 'old'])
    expect(store.getSnapshot().unsaved).toEqual(new Set(['new']))
    expect(store.getSnapshot().problem).toBe('full')
    expect(localStorage.getItem(STORAGE_KEY)).toContain('"old"')
    expect(localStorage.getItem(STORAGE_KEY)).not.toContain('"new"')

    full.mockRestore()
    store.remove('old')
    expect(ids(store)).toEqual(['new'])
    expect(store.getSnapshot().unsaved.size).toBe(0)
    expect(store.getSnapshot().problem).toBeUndefined()
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY)!)).toEqual([record('new', '2026-11-02T10:00:00.000Z')])
  })

  it('forgets an unsaved experience the visitor deletes', () => {
    const store = createExperienceStore()
    fillStorage()
    store.add(record('new', '2026-11-02T10:00:00.000Z'))
    store.remove('new')
    expect(ids(store)).toEqual([])
  })

  it('undoes a deletion by adding back to the current list', () => {
    const store = createExperienceStore()
    store.add(record('a', '2026-11-01T10:00:00.000Z'))
    store.remove('a')
    localStorage.setItem(STORAGE_KEY, JSON.stringify([record('b', '2026-11-02T10:00:00.000Z')]))
    store.add(record('a', '2026-11-01T10:00:00.000Z'))
    expect(ids(store)).toEqual(['b', 'a'])
  })
})
