import { useEffect, useRef, useState, type ComponentType, type ReactNode, type Ref } from 'react'
import { trackConversion } from '#src/lib/conversions'
import type { DemoWheelContent } from './demo-game-content'
import type { WheelFaceProps } from './wheel-face'
import type { WheelFrameProps } from './wheel-frame'
import { planSpin } from './wheel-spin'

export interface WheelGameProps {
  content: DemoWheelContent
  boxRef: Ref<HTMLDivElement>
  /**
   * The still picture hands over the components that drew it: the game draws the very same box, and its
   * chunk holds only what plays.
   */
  Face: ComponentType<WheelFaceProps>
  Frame: ComponentType<WheelFrameProps>
  cta: ReactNode
  /** The visitor pressed the still picture's button before this code arrived. */
  spinOnMount: boolean
  /**
   * Where the focus was in the box at the swap: on the still picture's button, it goes to this game's button;
   * on the link to create a wheel, to the same link drawn anew.
   */
  focusOnMount?: 'button' | 'cta'
}

type Phase = { name: 'idle' } | { name: 'spinning' } | { name: 'won'; segment: number }

/** Runs `done` once the rotor's turn is over: at once when it does not turn at all (reduced motion). */
function afterTurn(rotor: SVGGElement, done: () => void): () => void {
  const turn = rotor.getAnimations()[0]
  if (!turn) {
    done()
    return () => {}
  }
  let over = false
  const finish = () => {
    if (over) return
    over = true
    window.clearTimeout(fallback)
    done()
  }
  // A hidden tab may hold the animation back: the result still comes when the turn is due.
  const fallback = window.setTimeout(finish, Number(turn.effect?.getComputedTiming().endTime ?? 0) + 500)
  turn.finished.then(finish, finish)
  return () => {
    over = true
    window.clearTimeout(fallback)
  }
}

/** The playable wheel: a real button, the result announced in the status line, motion only when welcome. */
export function WheelGame({ content, boxRef, Face, Frame, cta, spinOnMount, focusOnMount }: WheelGameProps) {
  const rotorRef = useRef<SVGGElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const noteRef = useRef<HTMLParagraphElement>(null)
  const rotation = useRef(0)
  const cancelTurn = useRef<() => void>(undefined)
  const [phase, setPhase] = useState<Phase>({ name: 'idle' })
  const spinning = phase.name === 'spinning'

  const spin = () => {
    const rotor = rotorRef.current
    if (!rotor || spinning) return
    const plan = planSpin({ from: rotation.current, count: content.segments.length })
    rotation.current = plan.rotation
    setPhase({ name: 'spinning' })
    trackConversion('demo', 'wheel-spun')
    rotor.style.setProperty('--wheel-rotation', `${plan.rotation}deg`)
    cancelTurn.current = afterTurn(rotor, () => setPhase({ name: 'won', segment: plan.segment }))
  }

  // Once, right after the swap from the still picture: take over its focus and its pending press.
  const spinOnce = useRef(spinOnMount)
  useEffect(() => {
    if (focusOnMount === 'button') buttonRef.current?.focus()
    if (focusOnMount === 'cta') noteRef.current?.querySelector('a')?.focus()
    if (spinOnce.current) {
      spinOnce.current = false
      spin()
    }
    return () => cancelTurn.current?.()
  }, [])

  const status = phase.name === 'won' ? (content.segments[phase.segment]?.result ?? '') : spinning ? content.spinningLabel : content.idleMessage
  return (
    <Frame
      content={content}
      boxRef={boxRef}
      cta={cta}
      noteRef={noteRef}
      ready
      wheel={<Face segments={content.segments} label={content.wheelLabel} rotorRef={rotorRef} won={phase.name === 'won' ? phase.segment : undefined} onClick={spin} />}
      button={
        <button ref={buttonRef} type="button" className="button button--primary demo-game__spin" aria-disabled={spinning} onClick={spin}>
          {phase.name === 'won' ? content.againLabel : content.spinLabel}
        </button>
      }
      status={status}
    />
  )
}
