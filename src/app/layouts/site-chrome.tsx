import type { ReactNode } from 'react'
import { HydrateWhenVisible } from '#src/components/ui/hydrate-when-visible'
import { deferredModule } from '#src/lib/deferred-module'
import { SiteHeader } from './site-header'

// The footer (site map, newsletter, cookie settings) is below every page's first screen: its code arrives
// as the visitor reaches it.
const footer = deferredModule(() => import('./site-footer'))

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
      <HydrateWhenVisible module={footer}>{({ SiteFooter }) => <SiteFooter variant={variant} />}</HydrateWhenVisible>
    </div>
  )
}
