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

/**
 * Where the next spin lands: a segment drawn at random, a point well inside it, after a few full turns.
 * The angles follow wheel-geometry.ts (segment i centred i × 360 / count degrees clockwise from the
 * pointer), written out here so that the game's chunk shares no module with the page that shows it.
 */
export function planSpin({ from, count, random = Math.random, turns = 5 }: SpinOptions): SpinPlan {
  const size = 360 / count
  const segment = Math.min(count - 1, Math.floor(random() * count))
  // Stop between 20 % and 80 % of the segment, so the pointer never rests on a border.
  const target = (segment - 0.5) * size + size * (0.2 + 0.6 * random())
  const remainder = (((-target - from) % 360) + 360) % 360
  return { segment, rotation: from + turns * 360 + remainder }
}
