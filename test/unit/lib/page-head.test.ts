// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import { applyPageMeta, renderHeadTags } from '#src/lib/page-head'
import type { PageMeta } from '#src/lib/payload'

const SITE = 'https://www.ludora.fr'

function metaWithCard(slug: string, alt: string): PageMeta {
  return {
    title: `${slug} | Ludora`,
    description: `La page ${slug}`,
    socialImage: { url: `${SITE}/_app/assets/cards/${slug}-0123456789.png`, width: 1200, height: 630, type: 'image/png', alt },
  }
}

/** The social image tags of a head, as key → content. */
function imageTags(root: ParentNode): Record<string, string | null> {
  const tags: Record<string, string | null> = {}
  for (const element of root.querySelectorAll('meta[property^="og:image"], meta[name^="twitter:image"]')) {
    tags[element.getAttribute('property') ?? element.getAttribute('name') ?? ''] = element.getAttribute('content')
  }
  return tags
}

describe('the social card in the prerendered head', () => {
  it('names the card with its size, type and text alternative, for Open Graph and X', () => {
    const template = document.createElement('template')
    template.innerHTML = renderHeadTags(metaWithCard('pricing', 'Ludora — Tarifs : Des tarifs "clairs" & nets'), '/pricing', { siteUrl: SITE, siteName: 'Ludora' })
    expect(imageTags(template.content)).toEqual({
      'og:image': `${SITE}/_app/assets/cards/pricing-0123456789.png`,
      'og:image:type': 'image/png',
      'og:image:width': '1200',
      'og:image:height': '630',
      'og:image:alt': 'Ludora — Tarifs : Des tarifs "clairs" & nets',
      'twitter:image': `${SITE}/_app/assets/cards/pricing-0123456789.png`,
      'twitter:image:alt': 'Ludora — Tarifs : Des tarifs "clairs" & nets',
    })
  })

  it('names no image when the build gave the page none', () => {
    const html = renderHeadTags({ title: 'Sans carte', description: 'Rien à partager' }, '/x', { siteUrl: SITE, siteName: 'Ludora' })
    expect(html).not.toContain('og:image')
    expect(html).not.toContain('twitter:image')
  })
})

describe('the social card after a client navigation', () => {
  beforeEach(() => {
    document.head.innerHTML = renderHeadTags(metaWithCard('home', 'Ludora : accueil'), '/', { siteUrl: SITE, siteName: 'Ludora' })
  })

  it('follows the page shown, each tag once', () => {
    applyPageMeta(metaWithCard('agency', 'Ludora Studio : Le studio'), '/agency', SITE)
    expect(imageTags(document.head)).toMatchObject({
      'og:image': `${SITE}/_app/assets/cards/agency-0123456789.png`,
      'og:image:alt': 'Ludora Studio : Le studio',
      'twitter:image': `${SITE}/_app/assets/cards/agency-0123456789.png`,
    })
    expect(document.head.querySelectorAll('meta[property="og:image"]')).toHaveLength(1)
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${SITE}/agency`)
  })

  it('drops the previous page’s card rather than keep a wrong one', () => {
    applyPageMeta({ title: 'Sans carte', description: 'Rien à partager' }, '/x', SITE)
    expect(imageTags(document.head)).toEqual({})
  })
})
