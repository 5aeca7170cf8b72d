// Angles are in degrees, clockwise from the pointer at the top of the wheel. Segment 0 is centred under
// the pointer when the wheel is at rest, so the still picture never shows the pointer on a border.

const WHEEL_RADIUS = 100

export function segmentSize(count: number): number {
  return 360 / count
}

/** Where segment `index` starts on the wheel, before any rotation. */
export function segmentStart(index: number, count: number): number {
  return (index - 0.5) * segmentSize(count)
}

function pointAt(angle: number, radius: number): string {
  const radians = (angle * Math.PI) / 180
  return `${round(radius * Math.sin(radians))} ${round(-radius * Math.cos(radians))}`
}

function round(value: number): number {
  return Math.round(value * 100) / 100
}

/** The SVG path of one segment, a slice of a wheel centred on 0 0. */
export function segmentPath(index: number, count: number, radius = WHEEL_RADIUS): string {
  const start = segmentStart(index, count)
  const end = start + segmentSize(count)
  return `M0 0L${pointAt(start, radius)}A${radius} ${radius} 0 0 1 ${pointAt(end, radius)}Z`
}

/** The angle of the middle of segment `index`, to turn its label along the radius. */
export function segmentMiddle(index: number, count: number): number {
  return index * segmentSize(count)
}

/** The segment under the pointer once the wheel has turned `rotation` degrees clockwise from rest. */
export function segmentUnderPointer(rotation: number, count: number): number {
  const size = segmentSize(count)
  const onWheel = (((size / 2 - rotation) % 360) + 360) % 360
  return Math.floor(onWheel / size) % count
}
