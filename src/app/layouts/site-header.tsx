import { useRouterState } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState, type FocusEvent } from 'react'
import { BrandLogo } from '#src/components/ui/brand-logo'
import { DisclosureMenu } from '#src/components/ui/disclosure-menu'
import { SiteLink } from '#src/components/ui/site-link'
import { t } from '#src/lib/i18n'
import { siteConfig } from '#src/lib/site-config'
import { isMenuGroup, mainMenu, type MenuLink } from '../navigation'
import './site-header.css'

interface SiteHeaderProps {
  variant: 'site' | 'agency'
}

const translated = (link: MenuLink) => ({ to: link.to, label: t(link.label) })

/**
 * Brand, menu and the call to action. From 1024 px the whole menu sits on one row with dropdowns for the
 * grouped pages; below, a menu button opens it as a panel, and the call to action stays beside it.
 */
export function SiteHeader({ variant }: SiteHeaderProps) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const toggleRef = useRef<HTMLButtonElement>(null)
  const navRef = useRef<HTMLElement>(null)
  const pathname = useRouterState({ select: (state) => state.location.pathname })

  useEffect(() => setOpen(false), [pathname])

  const inMenu = (node: EventTarget | null) => node instanceof Node && (node === toggleRef.current || (navRef.current?.contains(node) ?? false))

  // Escape belongs to the menu only while focus is in it: elsewhere (a dialog, a field) it is not ours.
  useEffect(() => {
    if (!open) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !inMenu(event.target)) return
      setOpen(false)
      toggleRef.current?.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [open])

  // The open panel lies over the page: once focus leaves the menu (even for the brand or the call to action), it closes.
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (open && !inMenu(event.relatedTarget)) setOpen(false)
  }

  return (
    <header className={`site-header site-header--${variant}`} onBlur={onBlur}>
      <div className="site-header__inner container">
        <SiteLink to={variant === 'agency' ? '/agency' : '/'} className="site-header__brand" aria-label={t(variant === 'agency' ? 'nav.homeStudio' : 'nav.home')}>
          <BrandLogo studio={variant === 'agency'} />
        </SiteLink>
        <button
          ref={toggleRef}
          type="button"
          className="site-header__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
        >
          <span className="site-header__toggle-bars" aria-hidden="true" />
          <span className="visually-hidden">{t(open ? 'nav.closeMenu' : 'nav.openMenu')}</span>
        </button>
        <nav ref={navRef} id={panelId} className="site-nav" data-open={open} aria-label={t('nav.label')}>
          <ul className="site-nav__list">
            {mainMenu.map((item) =>
              isMenuGroup(item) ? (
                <DisclosureMenu
                  key={item.id}
                  className="site-nav__item site-nav__group"
                  linkClassName="site-nav__link"
                  label={t(item.label)}
                  head={item.head ? translated(item.head) : undefined}
                  links={item.links.map(translated)}
                />
              ) : (
                <li key={item.to} className="site-nav__item">
                  <SiteLink to={item.to} className="site-nav__link">
                    {t(item.label)}
                  </SiteLink>
                </li>
              ),
            )}
          </ul>
        </nav>
        <a className="button button--primary site-header__cta" href={`${siteConfig.appUrl}/signup`}>
          {t('nav.startFree')}
        </a>
      </div>
    </header>
  )
}
