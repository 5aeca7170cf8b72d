import { segmentSize, segmentStart } from './wheel-geometry'

export interface SpinPlan {
  segment: number
  /** The wheel's total rotation once it stops, in degrees (it only ever turns forwards). */
  rotation: number
}

interface SpinOptions {
  from: number
  count: number
  /** A source of numbers in [0, 1): Math.random in the page, a fixed sequence in tests. */
  random?: () => number
  turns?: number
}

/** Where the next spin lands: a segment drawn at random, a point well inside it, after a few full turns. */
export function planSpin({ from, count, random = Math.random, turns = 5 }: SpinOptions): SpinPlan {
  const segment = Math.min(count - 1, Math.floor(random() * count))
  // Stop between 20 % and 80 % of the segment, so the pointer never rests on a border.
  const target = segmentStart(segment, count) + segmentSize(count) * (0.2 + 0.6 * random())
  const remainder = (((-target - from) % 360) + 360) % 360
  return { segment, rotation: from + turns * 360 + remainder }
}
