import { useEffect, useRef, useState, type ComponentType } from 'react'
import { ActionLink } from '#src/components/ui/action-link'
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
 * game replaces it once the box is visible or the browser is idle, or at once if the visitor presses the
 * button first, and then spins straight away.
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

  useEffect(() => {
    const box = boxRef.current
    if (!box) return
    let started = false
    const start = () => {
      if (started) return
      started = true
      stop()
      load()
    }
    const observer = typeof IntersectionObserver === 'function' ? new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && start()) : undefined
    observer?.observe(box)
    const idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(start, { timeout: 3000 }) : window.setTimeout(start, 1500)
    function stop() {
      observer?.disconnect()
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle)
      else window.clearTimeout(idle)
    }
    return stop
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
