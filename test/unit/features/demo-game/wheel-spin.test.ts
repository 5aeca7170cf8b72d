import { describe, expect, it } from 'vitest'
import { segmentSize, segmentUnderPointer } from '#src/features/demo-game/wheel-geometry'
import { planSpin } from '#src/features/demo-game/wheel-spin'

/** A repeatable source of numbers in [0, 1) (a linear congruential generator). */
function seeded(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296
    return state / 4294967296
  }
}

/** How far, in degrees, the pointer rests from the nearest border between two segments. */
function distanceToBorder(rotation: number, count: number): number {
  const size = segmentSize(count)
  const onWheel = (((size / 2 - rotation) % 360) + 360) % 360
  const inside = onWheel % size
  return Math.min(inside, size - inside)
}

describe('the demo wheel', () => {
  it('rests with its first segment under the pointer', () => {
    expect(segmentUnderPointer(0, 8)).toBe(0)
    expect(segmentUnderPointer(0, 6)).toBe(0)
  })

  it('names the segment under the pointer once turned clockwise', () => {
    // Turning the wheel clockwise by one segment brings the last segment under the pointer.
    expect(segmentUnderPointer(45, 8)).toBe(7)
    expect(segmentUnderPointer(-45, 8)).toBe(1)
    expect(segmentUnderPointer(360 * 3 + 90, 8)).toBe(6)
  })

  it('lands on the segment the random draw chose, each of them', () => {
    for (let segment = 0; segment < 8; segment++) {
      const draws = [(segment + 0.5) / 8, 0.5]
      const plan = planSpin({ from: 0, count: 8, random: () => draws.shift() ?? 0 })
      expect(plan.segment).toBe(segment)
      expect(segmentUnderPointer(plan.rotation, 8)).toBe(segment)
    }
  })

  it('always stops where it says, well inside a segment, after at least five forward turns', () => {
    const random = seeded(42)
    let rotation = 0
    for (let spin = 0; spin < 500; spin++) {
      const count = 3 + (spin % 10)
      const plan = planSpin({ from: rotation, count, random })
      expect(plan.rotation - rotation).toBeGreaterThanOrEqual(5 * 360)
      expect(plan.rotation - rotation).toBeLessThan(6 * 360)
      expect(segmentUnderPointer(plan.rotation, count)).toBe(plan.segment)
      expect(distanceToBorder(plan.rotation, count)).toBeGreaterThanOrEqual(segmentSize(count) * 0.2 - 1e-9)
      rotation = plan.rotation
    }
  })

  it('draws every segment over many spins', () => {
    const random = seeded(7)
    const seen = new Set<number>()
    for (let spin = 0; spin < 200; spin++) seen.add(planSpin({ from: 0, count: 8, random }).segment)
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7])
  })
})
