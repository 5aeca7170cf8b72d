import { describe, expect, it, vi } from 'vitest'
import { BACKUP_KEY, loadExperiences, saveExperiences, STORAGE_KEY, type StoredExperience } from '#src/features/ai-generator/experience-storage'

const record = (id: string, createdAt: string): StoredExperience => ({
  id,
  createdAt,
  request: { companyName: 'Lemoine', companyActivity: 'boulangerie', event: 'Noël', additionalInformation: '', gameType: 0, gameLanguage: 'fr', llmModel: 'fast' },
  experience: {
    kind: 'poll',
    language: 'fr',
    title: `Sondage ${id}`,
    introduction: 'Intro',
    questions: [1, 2, 3].map((n) => ({ question: `Q${n}`, answers: ['Oui', 'Non'] })),
    closingMessage: 'Merci',
  },
})

describe('experience storage', () => {
  it('saves under one versioned key and lists newest first', () => {
    saveExperiences([record('a', '2026-11-01T10:00:00.000Z'), record('b', '2026-11-20T10:00:00.000Z')])
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY)!)).toHaveLength(2)
    expect(loadExperiences()).toEqual({ items: [record('b', '2026-11-20T10:00:00.000Z'), record('a', '2026-11-01T10:00:00.000Z')] })
  })

  it('starts empty when nothing is stored', () => {
    expect(loadExperiences()).toEqual({ items: [] })
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
    const result = loadExperiences()
    expect(result.problem).toBe('corrupt')
    expect(result.items.map((item) => item.id)).toEqual(['a'])
    expect(localStorage.getItem(BACKUP_KEY)).toContain('broken')
  })

  it('never overwrites an unreadable backup', () => {
    localStorage.setItem(BACKUP_KEY, 'older garbage')
    localStorage.setItem(STORAGE_KEY, 'new garbage')
    loadExperiences()
    expect(localStorage.getItem(BACKUP_KEY)).toBe('older garbage')
    const dated = Object.keys(localStorage).find((key) => key.startsWith(`${BACKUP_KEY}:`))
    expect(localStorage.getItem(dated!)).toBe('new garbage')
  })

  it('reports a full storage without losing the list in memory', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError')
    })
    const items = [record('a', '2026-11-01T10:00:00.000Z')]
    expect(saveExperiences(items)).toEqual({ items, problem: 'full' })
  })

  it('reports storage that is blocked altogether', () => {
    const blocked = vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError')
    })
    expect(loadExperiences()).toEqual({ items: [], problem: 'unavailable' })
    expect(saveExperiences([]).problem).toBe('unavailable')
    blocked.mockRestore()
  })
})
