import type { ReactNode } from 'react'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

interface SiteChromeProps {
  variant: 'site' | 'agency'
  children: ReactNode
}

/** Header, main landmark and footer shared by both layouts; the variant sets the studio's tone. */
export function SiteChrome({ variant, children }: SiteChromeProps) {
  return (
    <div className={`layout layout--${variant}`}>
      <SiteHeader variant={variant} />
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter variant={variant} />
    </div>
  )
}
