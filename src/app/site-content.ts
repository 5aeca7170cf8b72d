import type { z } from 'zod'
import type { siteFile } from '#src/content-schema/site-schema'
import site from '../../content/site.json'

/** Layout copy (taglines, social links), bundled at build time from content/site.json. */
export type SiteContent = Omit<z.output<typeof siteFile>, '$schema'>

export const siteContent: SiteContent = site
