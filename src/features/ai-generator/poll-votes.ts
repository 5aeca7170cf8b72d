/**
 * The votes cast in a poll's preview, in this browser: the only figures the results chart may show (there
 * are no participants before the game is published). Counts per question, then per answer.
 */
export const POLL_VOTES_KEY = 'ludora:ai-poll-votes:v1'

type Tallies = Record<string, number[][]>

/**
 * Votes storage refused (blocked, full, or holding something this code cannot read and so leaves alone):
 * counted for this visit, and written with the next vote storage accepts.
 */
const inMemory: Tallies = {}

function isTallies(value: unknown): value is Tallies {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  return Object.values(value).every(
    (questions) => Array.isArray(questions) && questions.every((counts) => Array.isArray(counts) && counts.every((count) => Number.isInteger(count) && count >= 0)),
  )
}

function readStored(): { storage: Storage; tallies: Tallies } | undefined {
  try {
    const storage = window.localStorage
    const raw = storage.getItem(POLL_VOTES_KEY)
    const parsed: unknown = raw === null ? {} : JSON.parse(raw)
    return isTallies(parsed) ? { storage, tallies: parsed } : undefined
  } catch {
    return undefined
  }
}

function countsOf(tallies: Tallies, experienceId: string, question: number, answers: number): number[] {
  const counts = tallies[experienceId]?.[question] ?? []
  return Array.from({ length: answers }, (_, index) => counts[index] ?? 0)
}

/** Counts one vote (read-modify-write, so another tab's votes are kept) and returns the question's counts. */
export function castVote(experienceId: string, question: number, answer: number, answers: number): number[] {
  const stored = readStored()
  const tallies = { ...stored?.tallies, ...inMemory }
  const counts = countsOf(tallies, experienceId, question, answers)
  counts[answer] = (counts[answer] ?? 0) + 1
  const questions = [...(tallies[experienceId] ?? [])]
  questions[question] = counts
  const next = { ...tallies, [experienceId]: questions }
  try {
    if (!stored) throw new Error('not stored')
    stored.storage.setItem(POLL_VOTES_KEY, JSON.stringify(next))
    for (const id of Object.keys(inMemory)) delete inMemory[id]
  } catch {
    inMemory[experienceId] = questions
  }
  return counts
}
