import { useRouterState } from '@tanstack/react-router'
import { useCallback, useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react'
import type { MenuPopper } from './menu-popper'
import { SiteLink } from './site-link'
import './disclosure-menu.css'

export interface DisclosureMenuLink {
  to: string
  label: string
}

interface DisclosureMenuProps {
  /** The button's text, or its accessible name when `head` stands beside it. */
  label: string
  /** A page of its own, shown as a link beside the button. */
  head?: DisclosureMenuLink
  links: DisclosureMenuLink[]
  className?: string
  linkClassName?: string
}

/** The header's breakpoint: below it the panel opens in the flow of the mobile menu, and tippy.js is not needed. */
const DESKTOP = '(min-width: 64rem)'

/**
 * A dropdown of the site menu, following the WAI-ARIA disclosure pattern: a real button with
 * aria-expanded and aria-controls, the panel a list of links in the DOM right after it. It works by
 * keyboard and click as soon as React runs; tippy.js (placement, hover timing, outside taps) is loaded on
 * the first hover, focus or touch, so it never weighs on the first load
 * (docs/decisions/022-header-dropdowns.md).
 */
export function DisclosureMenu({ label, head, links, className = '', linkClassName = '' }: DisclosureMenuProps) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const itemRef = useRef<HTMLLIElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const popperRef = useRef<HTMLDivElement>(null)
  const panelRef = useRef<HTMLUListElement>(null)
  const popper = useRef<MenuPopper | undefined>(undefined)
  const loading = useRef<Promise<void> | undefined>(undefined)
  const openRef = useRef(open)
  openRef.current = open
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  // The button shows that the page on screen is one of its links, as a link shows its own page.
  const holdsCurrentPage = links.some((link) => link.to === pathname)

  const setMenuOpen = useCallback((next: boolean) => {
    if (popper.current) {
      if (next) popper.current.show()
      else popper.current.hide()
    } else {
      setOpen(next)
    }
  }, [])

  const loadPopper = useCallback(() => {
    if (loading.current || !window.matchMedia(DESKTOP).matches) return
    loading.current = import('./menu-popper')
      .then(({ attachMenuPopper }) => {
        const item = itemRef.current
        if (!item || !popperRef.current || !panelRef.current || !window.matchMedia(DESKTOP).matches) return
        popper.current = attachMenuPopper({
          item,
          popper: popperRef.current,
          panel: panelRef.current,
          onOpenChange: setOpen,
        })
        // Whatever happened while tippy was on its way: an open panel gets placed, a waiting pointer its delay.
        if (openRef.current) popper.current.show()
        else if (item.matches(':hover')) item.dispatchEvent(new MouseEvent('mouseenter'))
      })
      .catch(() => {
        // Without tippy the disclosure keeps working by click and keyboard; the next intent tries again.
        loading.current = undefined
      })
  }, [])

  // A link followed from the panel leads to a new page: the panel has done its job.
  useEffect(() => setMenuOpen(false), [pathname, setMenuOpen])

  useEffect(() => {
    const media = window.matchMedia(DESKTOP)
    const onChange = () => {
      if (media.matches || !popper.current) return
      popper.current.destroy()
      popper.current = undefined
      loading.current = undefined
      setOpen(false)
    }
    media.addEventListener('change', onChange)
    return () => {
      media.removeEventListener('change', onChange)
      popper.current?.destroy()
      popper.current = undefined
    }
  }, [])

  const panelLinks = () => [...(panelRef.current?.querySelectorAll<HTMLAnchorElement>('a[href]') ?? [])]

  const focusLink = (index: number) => {
    const items = panelLinks()
    items[(index + items.length) % items.length]?.focus()
  }

  const openThenFocus = (index: number) => {
    if (!openRef.current) {
      // The panel must be visible before a link in it can take focus.
      if (panelRef.current) panelRef.current.hidden = false
      setMenuOpen(true)
    }
    focusLink(index)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.key === 'Escape' && openRef.current) {
      event.stopPropagation()
      setMenuOpen(false)
      buttonRef.current?.focus()
      return
    }
    const inPanel = panelRef.current?.contains(event.target as Node) ?? false
    const current = panelLinks().indexOf(document.activeElement as HTMLAnchorElement)
    const moves: Record<string, () => void> = inPanel
      ? { ArrowDown: () => focusLink(current + 1), ArrowUp: () => focusLink(current - 1), Home: () => focusLink(0), End: () => focusLink(-1) }
      : event.target === buttonRef.current
        ? { ArrowDown: () => openThenFocus(0), ArrowUp: () => openThenFocus(-1) }
        : {}
    const move = moves[event.key]
    if (!move) return
    event.preventDefault()
    move()
  }

  const onBlur = (event: FocusEvent<HTMLLIElement>) => {
    const next = event.relatedTarget
    if (openRef.current && !(next instanceof Node && itemRef.current?.contains(next))) setMenuOpen(false)
  }

  return (
    <li ref={itemRef} className={`disclosure-menu ${className}`} data-open={open} onKeyDown={onKeyDown} onBlur={onBlur} onPointerEnter={loadPopper} onPointerDown={loadPopper}>
      {head ? (
        <SiteLink to={head.to} className={linkClassName} onFocus={loadPopper}>
          {head.label}
        </SiteLink>
      ) : null}
      <button
        ref={buttonRef}
        type="button"
        className={`disclosure-menu__button${head ? ' disclosure-menu__button--icon' : ''} ${head ? '' : linkClassName}`}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={head ? label : undefined}
        data-current={holdsCurrentPage || undefined}
        onClick={() => setMenuOpen(!openRef.current)}
        onFocus={loadPopper}
      >
        {head ? null : label}
        <svg className="disclosure-menu__chevron" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
          <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <div ref={popperRef} className="disclosure-menu__popper">
        <ul ref={panelRef} id={panelId} className="disclosure-menu__panel" hidden={!open}>
          {links.map((link) => (
            <li key={link.to}>
              <SiteLink to={link.to} className="disclosure-menu__link">
                {link.label}
              </SiteLink>
            </li>
          ))}
        </ul>
      </div>
    </li>
  )
}
