/** The picture a page paints at the top: the hero's illustration, when its content names one. */
export function heroImageOf(page: unknown): string | undefined {
  const sections = (page as { sections?: unknown } | undefined)?.sections
  if (!Array.isArray(sections)) return undefined
  const hero = sections.find((section): section is { type: 'hero'; image?: { src?: unknown } } => (section as { type?: unknown } | null)?.type === 'hero')
  return typeof hero?.image?.src === 'string' ? hero.image.src : undefined
}

/**
 * Intent preloading fetches a page's code and data; its hero picture is fetched too, so the click paints
 * the whole top of the page without a request (an image loaded once is reused by the same document).
 */
export function warmPageImages(page: unknown): void {
  const src = heroImageOf(page)
  if (src && typeof Image !== 'undefined') new Image().src = src
}
