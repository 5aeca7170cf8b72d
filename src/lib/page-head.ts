import type { PageMeta, SocialImage } from './payload'

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

/** The card a page is shared with, for Open Graph (LinkedIn, Facebook…) and for X. */
const SOCIAL_IMAGE_TAGS: [attribute: 'name' | 'property', key: string, value: (image: SocialImage) => string][] = [
  ['property', 'og:image', (image) => image.url],
  ['property', 'og:image:type', (image) => image.type],
  ['property', 'og:image:width', (image) => String(image.width)],
  ['property', 'og:image:height', (image) => String(image.height)],
  ['property', 'og:image:alt', (image) => image.alt],
  ['name', 'twitter:image', (image) => image.url],
  ['name', 'twitter:image:alt', (image) => image.alt],
]

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
  const image = meta.socialImage
  if (image) for (const [attribute, key, value] of SOCIAL_IMAGE_TAGS) tags.push(`<meta ${attribute}="${key}" content="${escapeAttribute(value(image))}">`)
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
  const image = meta.socialImage
  for (const [attribute, key, value] of SOCIAL_IMAGE_TAGS) {
    if (image) upsertMeta(attribute, key, value(image))
    else document.head.querySelector(`meta[${attribute}="${key}"]`)?.remove()
  }
  let canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')
  if (!canonical) {
    canonical = document.createElement('link')
    canonical.rel = 'canonical'
    document.head.append(canonical)
  }
  canonical.href = url
}
