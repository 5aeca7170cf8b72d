import type { z } from 'zod'
import { SiteLink } from '#src/components/ui/site-link'
import type { actionLink } from '#src/content-schema/fields'
import { siteConfig } from '#src/lib/site-config'

/** `href`: `app:/signup` leads into the application (SITE_APP_URL); anything else is a path of this site. */
export type ActionLinkContent = z.output<typeof actionLink>

/** A call-to-action link written in content/, wherever it points. */
export function ActionLink({ link, className, onClick }: { link: ActionLinkContent; className: string; onClick?: () => void }) {
  if (link.href.startsWith('app:')) {
    return (
      <a className={className} href={siteConfig.appUrl + link.href.slice(4)} onClick={onClick}>
        {link.label}
      </a>
    )
  }
  return (
    <SiteLink className={className} to={link.href} onClick={onClick}>
      {link.label}
    </SiteLink>
  )
}
