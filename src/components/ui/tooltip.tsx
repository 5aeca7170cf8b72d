import tippy, { type Instance } from 'tippy.js'
import 'tippy.js/dist/tippy.css'
import { useEffect, useRef } from 'react'
import { INFO_TOOLTIP_PROPS } from './tooltip-config'
import './tooltip.css'

interface InfoTooltipProps {
  /** Accessible name of the trigger button, e.g. "En savoir plus : Marque blanche". */
  label: string
  /** Plain text: tooltip content is never parsed as HTML. */
  content: string
}

/** An "i" button that explains something; the one tippy.js wrapper of the site. */
export function InfoTooltip({ label, content }: InfoTooltipProps) {
  const button = useRef<HTMLButtonElement>(null)
  const instance = useRef<Instance | undefined>(undefined)

  useEffect(() => {
    if (!button.current) return
    instance.current = tippy(button.current, { ...INFO_TOOLTIP_PROPS, content })
    // Adopted after the visitor got there (a section hydrated on arrival): the focus or the pointer that
    // tippy would have answered came before its listeners, so the tooltip answers them now.
    if (button.current === document.activeElement || button.current.matches(':hover')) instance.current.show()
    return () => {
      instance.current?.destroy()
      instance.current = undefined
    }
  }, [])

  useEffect(() => {
    instance.current?.setContent(content)
  }, [content])

  return (
    <button ref={button} type="button" className="info-tooltip" aria-label={label}>
      <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <circle cx="10" cy="10" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
        <rect x="9" y="8.5" width="2" height="6" rx="1" fill="currentColor" />
        <circle cx="10" cy="5.75" r="1.25" fill="currentColor" />
      </svg>
    </button>
  )
}
