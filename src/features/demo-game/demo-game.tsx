import { useEffect, useRef, useState, type ComponentType } from 'react'
import { ActionLink } from '#src/components/ui/action-link'
import { observeSeen } from '#src/lib/observe-seen'
import type { DemoWheelContent } from './demo-game-content'
import { WheelFace } from './wheel-face'
import { WheelFrame } from './wheel-frame'
import type { WheelGameProps } from './wheel-game'
import './demo-game.css'

let pendingGame: Promise<ComponentType<WheelGameProps>> | undefined

/** The game's code is its own chunk, fetched once, after the first paint (docs/decisions/024). */
function loadWheelGame(): Promise<ComponentType<WheelGameProps>> {
  pendingGame ??= import('./wheel-game').then((module) => module.WheelGame)
  pendingGame.catch(() => {
    pendingGame = undefined
  })
  return pendingGame
}

interface Handoff {
  Game: ComponentType<WheelGameProps>
  spin: boolean
  focus: boolean
}

/**
 * A playable wheel of fortune in a box of fixed size. The prerendered page shows its still picture; the
 * game replaces it once the box can be seen, or at once if the visitor presses the button first, and then
 * spins straight away. Its code is never fetched for a wheel nobody sees (docs/decisions/037).
 */
export function DemoGame({ content }: { content: DemoWheelContent }) {
  const boxRef = useRef<HTMLDivElement>(null)
  const spinRequested = useRef(false)
  const [handoff, setHandoff] = useState<Handoff>()
  const [failed, setFailed] = useState(false)

  const load = useRef(() => {
    loadWheelGame().then(
      (Game) => {
        const focus = Boolean(boxRef.current?.contains(document.activeElement))
        setHandoff({ Game, spin: spinRequested.current, focus })
      },
      () => setFailed(true),
    )
  }).current

  // On a phone's first visit the consent banner lies over the wheel: its code waits until it can be seen.
  useEffect(() => {
    const box = boxRef.current
    if (!box || typeof IntersectionObserver !== 'function') return
    return observeSeen([box], load, { uncovered: true })
  }, [load])

  const cta = <ActionLink link={content.cta} className="demo-game__cta" />
  if (handoff) return <handoff.Game content={content} boxRef={boxRef} Face={WheelFace} Frame={WheelFrame} cta={cta} spinOnMount={handoff.spin} focusOnMount={handoff.focus} />

  const requestSpin = () => {
    spinRequested.current = true
    setFailed(false)
    load()
  }
  return (
    <WheelFrame
      content={content}
      boxRef={boxRef}
      cta={cta}
      ready={false}
      wheel={<WheelFace segments={content.segments} label={content.wheelLabel} onClick={requestSpin} />}
      button={
        <button type="button" className="button button--primary demo-game__spin" onClick={requestSpin}>
          {content.spinLabel}
        </button>
      }
      status={failed ? content.loadError : content.idleMessage}
    />
  )
}
