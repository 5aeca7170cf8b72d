/**
 * Edits between two words, a swap of two neighbouring letters counting as one ("titel" → "title"): the
 * optimal string alignment distance.
 */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)))
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1)
      rows[i]![j] = best
    }
  }
  return rows[a.length]![b.length]!
}

/**
 * The candidate `word` was most likely meant to be, if one is close enough to be a typing slip: one edit
 * in a short word, two from six letters on, a third of the letters at most. Case is ignored. A tie between
 * two candidates suggests neither.
 */
export function closestMatch(word: string, candidates: Iterable<string>): string | undefined {
  const typed = word.toLowerCase()
  const allowed = Math.min(typed.length < 6 ? 1 : 2, Math.max(1, Math.floor(typed.length / 3)))
  let best: string | undefined
  let bestDistance = Infinity
  let tie = false
  for (const candidate of candidates) {
    const distance = editDistance(typed, candidate.toLowerCase())
    if (distance > allowed || distance > bestDistance) continue
    if (distance === bestDistance) {
      tie = true
      continue
    }
    best = candidate
    bestDistance = distance
    tie = false
  }
  return tie ? undefined : best
}
