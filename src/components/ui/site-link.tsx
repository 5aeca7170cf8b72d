import { Link } from '@tanstack/react-router'
import type { AnchorHTMLAttributes, ReactNode } from 'react'

interface SiteLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string
  children: ReactNode
}

/**
 * A link to any path of the site, including paths that only exist as route rules (`/login`, `/blog`):
 * navigation stays in the router, which applies the rules, and preloads on intent.
 */
export function SiteLink({ to, children, ...rest }: SiteLinkProps) {
  return (
    // The router types `to` against its route tree; rule-only paths are valid here on purpose.
    <Link to={to as '/'} activeProps={{ 'aria-current': 'page' }} activeOptions={{ exact: true }} {...rest}>
      {children}
    </Link>
  )
}
