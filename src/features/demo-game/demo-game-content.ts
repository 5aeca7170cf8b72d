import type { z } from 'zod'
import type { demoWheel } from '#src/content-schema/page-schemas'

/** The demo wheel of the home hero, written in content/pages/home.json. Its lots are examples. */
export type DemoWheelContent = z.output<typeof demoWheel>

/** One case of the demo wheel: a short label drawn on the wheel, the sentence announced when it wins. */
export type WheelSegment = DemoWheelContent['segments'][number]
