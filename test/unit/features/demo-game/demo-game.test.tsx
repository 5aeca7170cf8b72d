// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { demoWheel } from '#src/content-schema/page-schemas'
import { DemoGame } from '#src/features/demo-game/demo-game'
import type { WheelGameProps } from '#src/features/demo-game/wheel-game'
import home from '../../../../content/pages/home.json'
import { renderWithRouter } from '../../support/render-with-router'

const content = demoWheel.parse(home.page.demoGame)

/** The game's chunk arrives when the test says so; the stand-in game says whether it was asked to spin. */
const game = vi.hoisted(() => {
  let arrive = () => {}
  const arrived = new Promise<void>((resolve) => (arrive = resolve))
  return { arrive, arrived }
})
vi.mock('#src/features/demo-game/wheel-game', async () => {
  await game.arrived
  return {
    WheelGame: ({ spinOnMount }: WheelGameProps) => (
      <button type="button" data-spin-on-mount={String(spinOnMount)}>
        Jeu chargé
      </button>
    ),
  }
})

/** The wheel comes into view as soon as it is observed; the test tells it when. */
let comeIntoView = () => {}
beforeEach(() => {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe(target: Element) {
        comeIntoView = () => this.callback([{ isIntersecting: true, isVisible: true, target } as unknown as IntersectionObserverEntry], this as unknown as IntersectionObserver)
      }
      disconnect() {}
    },
  )
})

/** The spin button the pointer is over: the still picture's, or the game's once it has taken over. */
const buttonUnderPointer = () => screen.getByRole('button', { name: /roue|Jeu chargé/ })
/**
 * Gives React the time to draw what was queued (outside `act`, as in a browser): its scheduler runs in
 * `setImmediate` tasks, which a timer that falls due first would overtake on a loaded machine.
 */
const letReactDraw = async () => {
  await new Promise<void>((resolve) => setTimeout(resolve, 50))
  await new Promise<void>((resolve) => setImmediate(resolve))
}
/** Promise callbacks only, no task: the wheel hears that its game arrived and queues the take-over, which React has not drawn. */
const settle = async () => {
  for (let tick = 0; tick < 20; tick++) await Promise.resolve()
}

describe('the demo wheel before its game arrives', () => {
  const presses = {
    pointer: { down: (button: HTMLElement) => fireEvent.pointerDown(button), up: (button: HTMLElement) => fireEvent.pointerUp(button) },
    keyboard: { down: (button: HTMLElement) => fireEvent.keyDown(button, { key: ' ' }), up: (button: HTMLElement) => fireEvent.keyUp(button, { key: ' ' }) },
  }
  it.each(Object.keys(presses) as (keyof typeof presses)[])(
    'keeps the still picture through a press (%s) that begins after the game has arrived but before it took over, and spins once the press ends',
    async (kind) => {
      const press = presses[kind]
      await renderWithRouter(<DemoGame content={content} />)
      // From here React schedules its work as in a browser, so that a take-over can be queued and not yet drawn.
      vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', false)
      comeIntoView()
      game.arrive()
      await import('#src/features/demo-game/wheel-game')
      await settle()
      const pressed = buttonUnderPointer()
      expect(pressed).toHaveTextContent(content.spinLabel)
      press.down(pressed)
      await letReactDraw()
      const released = buttonUnderPointer()
      press.up(released)
      // A click follows only a press that began and ended on the same button.
      if (released === pressed) fireEvent.click(released)
      expect(await screen.findByRole('button', { name: 'Jeu chargé' }, { timeout: 3000 })).toHaveAttribute('data-spin-on-mount', 'true')
    },
  )
})
