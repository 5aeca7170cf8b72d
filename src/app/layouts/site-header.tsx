import { useRouterState } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState } from 'react'
import { BrandLogo } from '#src/components/ui/brand-logo'
import { SiteLink } from '#src/components/ui/site-link'
import { t } from '#src/lib/i18n'
import { siteConfig } from '#src/lib/site-config'
import { mainMenu } from '../navigation'

interface SiteHeaderProps {
  variant: 'site' | 'agency'
}

export function SiteHeader({ variant }: SiteHeaderProps) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const toggleRef = useRef<HTMLButtonElement>(null)
  const pathname = useRouterState({ select: (state) => state.location.pathname })

  useEffect(() => setOpen(false), [pathname])

  useEffect(() => {
    if (!open) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      toggleRef.current?.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [open])

  return (
    <header className={`site-header site-header--${variant}`}>
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
        <nav id={panelId} className="site-nav" data-open={open} aria-label={t('nav.label')}>
          <ul className="site-nav__list">
            {mainMenu.map((entry) => (
              <li key={entry.to} className={`site-nav__item site-nav__item--${entry.to.slice(1) || 'home'}`}>
                <SiteLink to={entry.to} className="site-nav__link">
                  {t(entry.label)}
                </SiteLink>
              </li>
            ))}
          </ul>
          <a className="button button--primary site-header__cta" href={`${siteConfig.appUrl}/signup`}>
            {t('nav.startFree')}
          </a>
        </nav>
      </div>
    </header>
  )
}
