import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'

// scripts/hold-back.mjs has no type declarations.
const { holdBackBelowFirstScreen, LONG_PAGE_ELEMENTS, FIRST_SCREEN_ELEMENTS, BATCH_ELEMENTS, BATCHES } = (await import(
  pathToFileURL(path.resolve(import.meta.dirname, '../../../scripts/hold-back.mjs')).href
)) as {
  holdBackBelowFirstScreen: (appHtml: string) => string
  LONG_PAGE_ELEMENTS: number
  FIRST_SCREEN_ELEMENTS: number
  BATCH_ELEMENTS: number
  BATCHES: number
}

// jsdom has no type declarations here; the test reads the marked HTML as a browser would.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: { document: Document } } }
const parse = (html: string) => new JSDOM(html).window.document

/** A block of `elements` elements: a section and its paragraphs. */
const block = (name: string, elements: number) => `<section class="${name}">${'<p>Texte</p>'.repeat(elements - 1)}</section>`
const page = (blocks: string, footer = block('links', 20)) =>
  `<div class="layout"><header class="site-header">${'<a href="/">Lien</a>'.repeat(30)}</header><main id="main" class="site-main" tabindex="-1"><!--$-->${blocks}<!--/$--></main><footer class="site-footer" aria-label="Pied de page">${footer}</footer></div>`

function batchOf(html: string, name: string): string | null {
  const document = parse(html)
  const element = name === 'footer' ? document.querySelector('footer') : document.querySelector(`.${name}`)?.closest('main > *')
  return element?.getAttribute('data-later') ?? null
}

describe('holdBackBelowFirstScreen', () => {
  it('leaves a page of up to LONG_PAGE_ELEMENTS elements as React wrote it', () => {
    const html = page(block('hero', 60) + block('rest', LONG_PAGE_ELEMENTS - 60 - 31 - 21 - 2))
    expect(parse(html).body.querySelectorAll('*').length).toBe(LONG_PAGE_ELEMENTS)
    expect(holdBackBelowFirstScreen(html)).toBe(html)
  })

  it('leaves a long page with nothing in its main as it is', () => {
    const html = page('', block('links', LONG_PAGE_ELEMENTS))
    expect(holdBackBelowFirstScreen(html)).toBe(html)
  })

  it('keeps the first screen of a long page and gives what follows, the footer last, batches of at most BATCH_ELEMENTS', () => {
    const html = page(block('hero', 60) + block('catalogue', BATCH_ELEMENTS - 70) + block('steps', 50) + block('offers', 50) + block('faq', BATCH_ELEMENTS - 30))
    const held = holdBackBelowFirstScreen(html)
    expect(batchOf(held, 'hero')).toBeNull()
    expect(['catalogue', 'steps', 'offers', 'faq', 'footer'].map((name) => batchOf(held, name))).toEqual(['1', '1', '2', '3', '3'])
    // Only attributes are added: the markup React hydrates is otherwise untouched.
    expect(held.replaceAll(/ data-later="\d"/g, '')).toBe(html)
  })

  it('keeps whole blocks in the first screen while they add up to FIRST_SCREEN_ELEMENTS', () => {
    const html = page(block('intro', 5) + block('plans', FIRST_SCREEN_ELEMENTS - 5) + block('matrix', BATCH_ELEMENTS) + block('faq', 30))
    const held = holdBackBelowFirstScreen(html)
    expect(['intro', 'plans', 'matrix', 'faq', 'footer'].map((name) => batchOf(held, name))).toEqual([null, null, '1', '2', '2'])
  })

  it('looks inside a wrapper as big as a batch for the blocks of the first screen', () => {
    const html = page(`<div class="container pricing">${block('intro', 5) + block('plans', 50) + block('matrix', BATCH_ELEMENTS)}</div>${block('cta', 8)}`, block('links', 100))
    const held = holdBackBelowFirstScreen(html)
    const document = parse(held)
    expect(document.querySelector('.pricing')?.hasAttribute('data-later')).toBe(false)
    expect(['.intro', '.plans', '.matrix', '.cta', 'footer'].map((selector) => document.querySelector(selector)?.getAttribute('data-later') ?? null)).toEqual([
      null,
      null,
      '1',
      '2',
      '2',
    ])
  })

  it('puts what comes after the last batch the stylesheet knows (BATCHES) into that batch', () => {
    const html = page(block('hero', 60) + ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => block(name, BATCH_ELEMENTS - 50)).join(''))
    const held = holdBackBelowFirstScreen(html)
    expect(['a', 'b', 'c', 'd', 'e', 'f', 'footer'].map((name) => batchOf(held, name))).toEqual(['1', '2', '3', '4', '4', '4', '4'])
    expect(BATCHES).toBe(4)
  })
})
