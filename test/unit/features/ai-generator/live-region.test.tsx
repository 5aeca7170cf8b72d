// @vitest-environment jsdom
import { act, render, renderHook, screen } from '@testing-library/react'
import { useRef, useState } from 'react'
import { describe, expect, it } from 'vitest'
import { useAnnouncer, useFocusAfterRender } from '#src/features/ai-generator/live-region'

describe('useAnnouncer', () => {
  it('changes the message even when the same text is said twice in a row', () => {
    const { result } = renderHook(() => useAnnouncer())
    expect(result.current[0]).toBe('')
    act(() => result.current[1]('Expérience supprimée'))
    const first = result.current[0]
    act(() => result.current[1]('Expérience supprimée'))
    expect(result.current[0]).not.toBe(first)
    expect(result.current[0].trim()).toBe('Expérience supprimée')
    act(() => result.current[1]('Autre chose'))
    expect(result.current[0]).toBe('Autre chose')
  })
})

describe('useFocusAfterRender', () => {
  it('focuses an element that only exists after the next render', () => {
    function Swap() {
      const focusAfterRender = useFocusAfterRender()
      const undo = useRef<HTMLButtonElement>(null)
      const [deleted, setDeleted] = useState(false)
      return deleted ? (
        <button ref={undo} type="button">
          Annuler
        </button>
      ) : (
        <button
          type="button"
          onClick={() => {
            setDeleted(true)
            focusAfterRender(() => undo.current)
          }}
        >
          Supprimer
        </button>
      )
    }
    render(<Swap />)
    act(() => screen.getByRole('button', { name: 'Supprimer' }).click())
    expect(screen.getByRole('button', { name: 'Annuler' })).toHaveFocus()
  })
})
