import type { PageMeta } from './payload'

export interface HeadOptions {
  siteUrl: string
  siteName: string
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** JSON inside a <script> block: `<` is escaped so the data can never close the element. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}

export function canonicalUrl(siteUrl: string, path: string): string {
  return siteUrl + (path === '/' ? '/' : path)
}

/** The head tags a prerendered page carries: title, description, canonical, Open Graph, structured data. */
export function renderHeadTags(meta: PageMeta, path: string, { siteUrl, siteName }: HeadOptions): string {
  const url = canonicalUrl(siteUrl, path)
  const tags = [
    `<title>${escapeAttribute(meta.title)}</title>`,
    `<meta name="description" content="${escapeAttribute(meta.description)}">`,
    `<link rel="canonical" href="${escapeAttribute(url)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:locale" content="fr_FR">`,
    `<meta property="og:site_name" content="${escapeAttribute(siteName)}">`,
    `<meta property="og:title" content="${escapeAttribute(meta.title)}">`,
    `<meta property="og:description" content="${escapeAttribute(meta.description)}">`,
    `<meta property="og:url" content="${escapeAttribute(url)}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
  ]
  if (meta.image) tags.push(`<meta property="og:image" content="${escapeAttribute(siteUrl + meta.image.src)}">`)
  for (const block of meta.jsonLd ?? []) tags.push(`<script type="application/ld+json">${jsonForScript(block)}</script>`)
  return tags.join('\n    ')
}

function upsertMeta(attribute: 'name' | 'property', key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`)
  if (!element) {
    element = document.createElement('meta')
    element.setAttribute(attribute, key)
    document.head.append(element)
  }
  element.content = content
}

/** Keeps the live document's head in step with the page shown after a client navigation. */
export function applyPageMeta(meta: PageMeta, path: string, siteUrl: string): void {
  const url = canonicalUrl(siteUrl, path)
  document.title = meta.title
  upsertMeta('name', 'description', meta.description)
  upsertMeta('property', 'og:title', meta.title)
  upsertMeta('property', 'og:description', meta.description)
  upsertMeta('property', 'og:url', url)
  let canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')
  if (!canonical) {
    canonical = document.createElement('link')
    canonical.rel = 'canonical'
    document.head.append(canonical)
  }
  canonical.href = url
}
