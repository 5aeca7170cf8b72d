/** Deterministic choices: the same request always gives the same game, another request another one. */
export interface Random {
  next: () => number
  shuffle: <T>(items: readonly T[]) => T[]
  pick: <T>(items: readonly T[]) => T
}

/** mulberry32 over a string hash of the seed. */
export function seededRandom(seed: string): Random {
  let state = 0
  for (let index = 0; index < seed.length; index++) state = (Math.imul(31, state) + seed.charCodeAt(index)) | 0
  const next = () => {
    state = (state + 0x6d2b79f5) | 0
    let value = Math.imul(state ^ (state >>> 15), 1 | state)
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296
  }
  const shuffle = <T,>(items: readonly T[]): T[] => {
    const copy = [...items]
    for (let index = copy.length - 1; index > 0; index--) {
      const other = Math.floor(next() * (index + 1))
      ;[copy[index], copy[other]] = [copy[other]!, copy[index]!]
    }
    return copy
  }
  const pick = <T,>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('Nothing to pick from')
    return items[Math.floor(next() * items.length)]!
  }
  return { next, shuffle, pick }
}
