import { useEffect, useRef, useState, type ComponentType, type KeyboardEvent } from 'react'
import { ActionLink } from '#src/components/ui/action-link'
import { afterFirstPaint } from '#src/lib/after-first-paint'
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
  focus: WheelGameProps['focusOnMount']
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

  const pressing = useRef(false)
  const arrived = useRef<ComponentType<WheelGameProps>>(undefined)

  const load = useRef(() => {
    loadWheelGame().then(
      (Game) => {
        arrived.current = Game
        if (!pressing.current) handOff()
      },
      () => setFailed(true),
    )
  }).current

  const handOff = () => {
    const Game = arrived.current
    if (!Game) return
    const active = document.activeElement
    // The box holds two things to focus: the button, and the link to create a wheel.
    const focus = active && boxRef.current?.contains(active) ? (active instanceof HTMLAnchorElement ? 'cta' : 'button') : undefined
    setHandoff({ Game, spin: spinRequested.current, focus })
  }

  // The game draws its own button in place of this one. Swapped between a press and its release, the press
  // would end on another element and make no click at all: the swap waits until the press is over, and past
  // the click that ends it (dispatched in the same task as the release).
  const holdSwapDuringPress = (releaseEvents: readonly ('pointerup' | 'pointercancel' | 'keyup')[]) => {
    pressing.current = true
    // A take-over the game's arrival queued just before the press is not drawn yet (the press began on this
    // button): it is called off, and comes again once the press is over.
    setHandoff(undefined)
    const released = () => {
      for (const type of releaseEvents) window.removeEventListener(type, released, true)
      pressing.current = false
      window.setTimeout(handOff)
    }
    for (const type of releaseEvents) window.addEventListener(type, released, true)
  }
  const onPointerDown = () => holdSwapDuringPress(['pointerup', 'pointercancel'])
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === ' ' && !event.repeat) holdSwapDuringPress(['keyup'])
  }

  // On a phone's first visit the consent banner lies over the wheel: its code waits until it can be seen,
  // and until the page is on screen, not only rendered (a press loads it at once).
  useEffect(() => {
    const box = boxRef.current
    if (!box || typeof IntersectionObserver !== 'function') return
    return observeSeen([box], () => void afterFirstPaint().then(load), { uncovered: true })
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
      wheel={<WheelFace segments={content.segments} label={content.wheelLabel} onClick={requestSpin} onPointerDown={onPointerDown} />}
      button={
        <button type="button" className="button button--primary demo-game__spin" onClick={requestSpin} onPointerDown={onPointerDown} onKeyDown={onKeyDown}>
          {content.spinLabel}
        </button>
      }
      status={failed ? content.loadError : content.idleMessage}
    />
  )
}
