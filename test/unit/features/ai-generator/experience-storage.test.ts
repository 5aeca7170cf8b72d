// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { addExperience, BACKUP_KEY, loadExperiences, removeExperience, STORAGE_KEY, type StoredExperience } from '#src/features/ai-generator/experience-storage'
import { record } from './experience-fixtures'

const stored = () => (JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]') as StoredExperience[]).map((item) => item.id)

describe('experience storage', () => {
  it('saves under one versioned key and lists newest first', () => {
    addExperience(record('a', '2026-11-01T10:00:00.000Z'))
    addExperience(record('b', '2026-11-20T10:00:00.000Z'))
    expect(stored()).toEqual(['b', 'a'])
    expect(loadExperiences()).toEqual({ items: [record('b', '2026-11-20T10:00:00.000Z'), record('a', '2026-11-01T10:00:00.000Z')] })
  })

  it('starts empty when nothing is stored', () => {
    expect(loadExperiences()).toEqual({ items: [] })
  })

  it('adds to what storage holds at that instant, not to an older copy', () => {
    addExperience(record('a', '2026-11-01T10:00:00.000Z'))
    // Another tab (or anything else) writes in between.
    localStorage.setItem(STORAGE_KEY, JSON.stringify([record('a', '2026-11-01T10:00:00.000Z'), record('other-tab', '2026-11-02T10:00:00.000Z')]))
    addExperience(record('c', '2026-11-03T10:00:00.000Z'))
    expect(stored()).toEqual(['c', 'other-tab', 'a'])
  })

  it('adds by id: a record already stored is not duplicated or replaced', () => {
    addExperience(record('a', '2026-11-01T10:00:00.000Z'))
    const result = addExperience({ ...record('a', '2026-11-01T10:00:00.000Z'), experience: { ...record('a', '').experience, title: 'Autre titre' } })
    expect(result.items.map((item) => item.experience.title)).toEqual(['Sondage a'])
    expect(stored()).toEqual(['a'])
  })

  it('removes by id and keeps what others stored meanwhile', () => {
    addExperience(record('a', '2026-11-01T10:00:00.000Z'))
    localStorage.setItem(STORAGE_KEY, JSON.stringify([record('a', '2026-11-01T10:00:00.000Z'), record('b', '2026-11-02T10:00:00.000Z')]))
    expect(removeExperience('a').items.map((item) => item.id)).toEqual(['b'])
    expect(stored()).toEqual(['b'])
  })

  it('moves unreadable data to the backup key instead of deleting it', () => {
    localStorage.setItem(STORAGE_KEY, '{not json')
    expect(loadExperiences()).toEqual({ items: [], problem: 'corrupt' })
    const backup = JSON.parse(localStorage.getItem(BACKUP_KEY)!) as { raw: string }[]
    expect(backup[0]!.raw).toBe('{not json')
    expect(loadExperiences()).toEqual({ items: [] })
  })

  it('keeps the readable entries and backs up the whole list when one entry is broken', () => {
    const raw = JSON.stringify([record('a', '2026-11-01T10:00:00.000Z'), { id: 'broken' }])
    localStorage.setItem(STORAGE_KEY, raw)
    const result = addExperience(record('b', '2026-11-02T10:00:00.000Z'))
    expect(result.problem).toBe('corrupt')
    expect(result.items.map((item) => item.id)).toEqual(['b', 'a'])
    expect(localStorage.getItem(BACKUP_KEY)).toContain('broken')
  })

  it('checks again a record that changed since it was last read', () => {
    addExperience(record('a', '2026-11-01T10:00:00.000Z'))
    expect(loadExperiences().items).toHaveLength(1)
    localStorage.setItem(STORAGE_KEY, JSON.stringify([{ ...record('a', '2026-11-01T10:00:00.000Z'), experience: { title: 'abîmé' } }]))
    expect(loadExperiences()).toEqual({ items: [], problem: 'corrupt' })
  })

  it('never overwrites an unreadable backup', () => {
    localStorage.setItem(BACKUP_KEY, 'older garbage')
    localStorage.setItem(STORAGE_KEY, 'new garbage')
    loadExperiences()
    expect(localStorage.getItem(BACKUP_KEY)).toBe('older garbage')
    const dated = Object.keys(localStorage).find((key) => key.startsWith(`${BACKUP_KEY}:`))
    expect(localStorage.getItem(dated!)).toBe('new garbage')
  })

  it('leaves unreadable data in place when it cannot be backed up first', () => {
    localStorage.setItem(STORAGE_KEY, 'garbage')
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError')
    })
    expect(addExperience(record('a', '2026-11-01T10:00:00.000Z'))).toEqual({ items: [], problem: 'full' })
    expect(localStorage.getItem(STORAGE_KEY)).toBe('garbage')
  })

  it('reports a full storage and leaves the stored list as it was', () => {
    addExperience(record('a', '2026-11-01T10:00:00.000Z'))
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError')
    })
    expect(addExperience(record('b', '2026-11-02T10:00:00.000Z'))).toEqual({ items: [record('a', '2026-11-01T10:00:00.000Z')], problem: 'full' })
    expect(stored()).toEqual(['a'])
  })

  it('reports storage that is blocked altogether', () => {
    const blocked = vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError')
    })
    expect(loadExperiences()).toEqual({ items: [], problem: 'unavailable' })
    expect(addExperience(record('a', '2026-11-01T10:00:00.000Z')).problem).toBe('unavailable')
    blocked.mockRestore()
  })
})
