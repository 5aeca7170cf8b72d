import type { ActionLinkContent } from '#src/components/ui/action-link'

/** One case of the demo wheel: a short label drawn on the wheel, the sentence announced when it wins. */
export interface WheelSegment {
  label: string
  result: string
}

/** The demo wheel of the home hero, written in content/pages/home.json. Its lots are examples. */
export interface DemoWheelContent {
  badge: string
  wheelLabel: string
  spinLabel: string
  spinningLabel: string
  againLabel: string
  idleMessage: string
  loadError: string
  note: string
  cta: ActionLinkContent
  segments: WheelSegment[]
}
