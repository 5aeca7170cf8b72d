import type { ReactNode, Ref } from 'react'
import type { DemoWheelContent } from './demo-game-content'

export interface WheelFrameProps {
  content: DemoWheelContent
  boxRef?: Ref<HTMLDivElement>
  cta: ReactNode
  /** The line that holds the link to create a wheel, which the game focuses again once it has drawn it. */
  noteRef?: Ref<HTMLParagraphElement>
  wheel: ReactNode
  button: ReactNode
  status: string
  ready: boolean
}

/**
 * The box of the demo, identical for the still picture and the game: same size, same place for every
 * part, so the swap moves nothing (CLS 0). The status line is the live region the results are read from.
 */
export function WheelFrame({ content, boxRef, cta, noteRef, wheel, button, status, ready }: WheelFrameProps) {
  return (
    <div ref={boxRef} className="demo-game" data-demo-ready={ready ? 'true' : 'false'}>
      <p className="demo-game__badge">{content.badge}</p>
      <div className="demo-game__stage">{wheel}</div>
      <div className="demo-game__controls">
        {button}
        <p className="demo-game__status" role="status">
          {status}
        </p>
      </div>
      <p ref={noteRef} className="demo-game__note">
        {content.note} {cta}
      </p>
    </div>
  )
}
