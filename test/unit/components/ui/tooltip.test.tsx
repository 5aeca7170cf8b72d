// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import type { Instance } from 'tippy.js'
import { describe, expect, it, vi } from 'vitest'
import { InfoTooltip } from '#src/components/ui/tooltip'
import { closeOnOutsideTap, hideOnEscape, INFO_TOOLTIP_PROPS, MENU_TOOLTIP_PROPS } from '#src/components/ui/tooltip-config'

function fakeInstance(): Instance {
  const reference = document.createElement('button')
  const popper = document.createElement('div')
  document.body.append(reference, popper)
  return { reference, popper, state: { isVisible: true, isShown: false }, hide: vi.fn() } as unknown as Instance
}

function touch(type: 'touchstart' | 'touchend', x: number, y: number, target: EventTarget = document.body) {
  const point = { screenX: x, screenY: y, target } as unknown as Touch
  const event = new Event(type, { bubbles: true }) as TouchEvent
  Object.defineProperty(event, type === 'touchstart' ? 'touches' : 'changedTouches', { value: [point] })
  target.dispatchEvent(event)
}

describe('tooltip settings', () => {
  it('uses the seed’s constants', () => {
    expect(INFO_TOOLTIP_PROPS).toMatchObject({ offset: [0, 5], delay: [200, 0], duration: [150, 150], trigger: 'mouseenter focus click', touch: true, allowHTML: false })
    expect(MENU_TOOLTIP_PROPS).toMatchObject({ offset: [0, 5], delay: [200, 400], trigger: 'mouseenter', interactive: true })
  })

  it('closes on Escape while shown', () => {
    const instance = fakeInstance()
    const hooks = hideOnEscape.fn(instance)
    hooks.onShow?.(instance)
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))
    expect(instance.hide).toHaveBeenCalledTimes(1)
    hooks.onHide?.(instance)
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))
    expect(instance.hide).toHaveBeenCalledTimes(1)
  })

  it('closes on an outside tap that moved less than 20 px, not on a scroll', () => {
    const instance = fakeInstance()
    const hooks = closeOnOutsideTap.fn(instance)
    hooks.onShow?.(instance)
    touch('touchstart', 100, 100)
    touch('touchend', 100, 125)
    expect(instance.hide).not.toHaveBeenCalled()
    touch('touchstart', 100, 100)
    touch('touchend', 112, 119)
    expect(instance.hide).toHaveBeenCalledTimes(1)
    touch('touchstart', 10, 10, instance.reference)
    touch('touchend', 10, 10, instance.reference)
    expect(instance.hide).toHaveBeenCalledTimes(1)
    hooks.onHide?.(instance)
  })
})

describe('InfoTooltip', () => {
  it('renders a labelled button that shows its text on focus', async () => {
    vi.useFakeTimers()
    render(<InfoTooltip label="En savoir plus : Marque blanche" content="Aucune mention de Ludora." />)
    const button = screen.getByRole('button', { name: 'En savoir plus : Marque blanche' })
    button.focus()
    await vi.advanceTimersByTimeAsync(300)
    const id = button.getAttribute('aria-describedby')
    expect(id).toBeTruthy()
    expect(document.getElementById(id!)?.textContent).toBe('Aucune mention de Ludora.')
    vi.useRealTimers()
  })
})
