import { Outlet } from '@tanstack/react-router'
import { ConsentRoot } from '#src/features/consent/consent-root'
import { t } from '#src/lib/i18n'
import { ROUTE_ANNOUNCER_ID } from './navigation-a11y'

/** Everything outside the two layouts: skip link, the live region that announces page changes, cookie consent. */
export function RootView() {
  return (
    <>
      <a className="skip-link" href="#main">
        {t('a11y.skipToContent')}
      </a>
      {/* Right after the skip link: the cookie banner is the first thing met by keyboard, never behind focus. */}
      <ConsentRoot />
      <Outlet />
      <div id={ROUTE_ANNOUNCER_ID} className="visually-hidden" aria-live="polite" aria-atomic="true" />
    </>
  )
}

export function PendingView() {
  return (
    <p className="pending-view container" role="status">
      {t('page.loading')}
    </p>
  )
}
