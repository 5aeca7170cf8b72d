// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { MAX_NESTING, renderMarkdown } from '#src/lib/markdown'
import { replaceTypography } from '#src/lib/markdown-inline'
import { normalizeLink, validateLink } from '#src/lib/markdown-links'
import { dropTooDeepLines } from '#src/lib/markdown-nesting'

const render = (source: string) => renderMarkdown(source).trim()

/** `levels` list items, each nested in the previous one (indented two more spaces). */
const nestedList = (levels: number) => Array.from({ length: levels }, (_, level) => `${' '.repeat(2 * level)}- x${level}`).join('\n')

describe('Markdown renderer: the original markdown-it options', () => {
  it('keeps raw HTML (sanitized)', () => {
    expect(render('<div class="note">Texte <span class="x">brut</span></div>')).toBe('<div class="note">Texte <span class="x">brut</span></div>')
  })

  it('does not convert single line breaks', () => {
    expect(render('ligne un\nligne deux')).toBe('<p>ligne un\nligne deux</p>')
  })

  it('applies the typographic replacements with markdown-it’s context rules', () => {
    expect(render('(c) (C) (tm) (TM) (r) (R) +- a -- b a--b --- ---- a --b x.. y... z.... ?.... !!!!! ????? ,,,')).toBe(
      '<p>© © ™ ™ ® ® ± a – b a–b — ---- a --b x… y… z… ?.. !!! ??? ,</p>',
    )
    expect(replaceTypography('--- fin')).toBe('\u2014 fin')
  })

  it('curls double and single quotes and apostrophes', () => {
    expect(render('"Bonjour" l\'arbre \'x\'')).toBe('<p>\u201cBonjour\u201d l\u2019arbre \u2018x\u2019</p>')
    expect(render('"**gras**" et \'*ital*\'')).toBe('<p>\u201c<strong>gras</strong>\u201d et \u2018<em>ital</em>\u2019</p>')
  })

  it('leaves code, escapes and autolink text untouched', () => {
    expect(render('`"(c)" -- x...`')).toBe('<p><code>"(c)" -- x...</code></p>')
    expect(render('```\n"(c)" --\n```')).toContain('"(c)" --')
    expect(render('\\(c) \\"x\\"')).toBe('<p>(c) "x"</p>')
    expect(render('http://x.org/a--b...')).toBe('<p><a href="http://x.org/a--b">http://x.org/a--b</a>…</p>')
  })

  it('escapes text that only looks like markup instead of swallowing it', () => {
    expect(render('AT&T 3 < 4 <notatag')).toBe('<p>AT&amp;T 3 &lt; 4 &lt;notatag</p>')
  })

  it('links URLs and known domains but not bare e-mail-like text', () => {
    const html = render('exemple.fr site.com www.x.org exemple.dev contact@x.fr mailto:contact@x.fr http://x.org.')
    expect(html).toContain('<a href="http://exemple.fr">exemple.fr</a>')
    expect(html).toContain('<a href="http://site.com">site.com</a>')
    expect(html).toContain('<a href="http://www.x.org">www.x.org</a>')
    expect(html).toContain(' exemple.dev ')
    expect(html).toContain(' contact@x.fr ')
    expect(html).toContain('<a href="mailto:contact@x.fr">mailto:contact@x.fr</a>')
    expect(html).toContain('<a href="http://x.org">http://x.org</a>.')
  })

  it('does not link twice inside links', () => {
    expect(render('[voir exemple.fr](https://ludora.fr)')).toBe('<p><a href="https://ludora.fr">voir exemple.fr</a></p>')
    expect(render('<a href="https://ludora.fr">site.com</a>')).toBe('<p><a href="https://ludora.fr">site.com</a></p>')
  })

  it.each([
    '[x](javascript:alert(1))',
    '[x](JAVASCRIPT:alert(1))',
    '[x](javascript&colon;alert(1))',
    '[x](&#106;avascript:alert(1))',
    '[x](  javascript:alert(1))',
    '[x](java\tscript:alert(1))',
    '[x](vbscript:msgbox(1))',
    '[f](file:///etc/passwd)',
    '[d](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '![i](data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=)',
    '<javascript:alert(1)>',
  ])('prints the rejected link %s as text', (source) => {
    const html = render(source)
    expect(html).not.toMatch(/<a |<img /)
    expect(html).toMatch(/^<p>/)
  })

  it.each(['gif', 'png', 'jpeg', 'webp'])('accepts embedded %s images', (type) => {
    expect(render(`![i](data:image/${type};base64,AAAA)`)).toBe(`<p><img src="data:image/${type};base64,AAAA" alt="i"></p>`)
  })

  it.each(['skype:ludora?call', 'tel:+33100000000', 'sms:+33600000000', 'mailto:contact@ludora.fr', 'geo:48.85,2.35', 'whatsapp://send?phone=33600000000'])(
    'keeps the harmless scheme of %s a link, in Markdown and in raw HTML',
    (href) => {
      expect(render(`[Nous joindre](${href})`)).toBe(`<p><a href="${href}">Nous joindre</a></p>`)
      expect(render(`<a href="${href}">Nous joindre</a>`)).toBe(`<p><a href="${href}">Nous joindre</a></p>`)
    },
  )

  it.each(['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'vbscript:msgbox(1)', 'file:///etc/passwd', 'data:text/html,<script>alert(1)</script>'])(
    'still strips %s from raw HTML links',
    (href) => {
      expect(render(`<a href="${href.replace(/"/g, '&quot;')}">x</a>`)).toBe('<p><a>x</a></p>')
    },
  )

  it('accepts other schemes as markdown-it does', () => {
    expect(validateLink('tel:+33100000000')).toBe(true)
    expect(validateLink('https://ludora.fr')).toBe(true)
    expect(validateLink('data:image/png;base64,AAAA')).toBe(true)
    expect(validateLink('DATA:image/svg+xml,<svg/>')).toBe(false)
  })

  it('normalises international hosts with punycode and drops hosts over 255 characters', () => {
    expect(render('http://münchen.de/ä')).toBe('<p><a href="http://xn--mnchen-3ya.de/%C3%A4">http://münchen.de/ä</a></p>')
    const longHost = `${'a'.repeat(60)}.`.repeat(5) + 'fr'
    expect(normalizeLink(`http://${longHost}/chemin`)).toBe('http:///chemin')
    expect(render(`[lien](http://${longHost}/chemin)`)).not.toContain(longHost)
  })

  it('reads ordered list markers of up to 9 digits', () => {
    expect(render('1234567890. x')).toBe('<p>1234567890. x</p>')
    expect(render('123456789. x')).toBe('<ol start="123456789">\n<li>x</li>\n</ol>')
  })

  it('renders no task-list checkboxes and strikes only with two tildes', () => {
    expect(render('- [ ] x\n- [x] y')).toBe('<ul>\n<li>[ ] x</li>\n<li>[x] y</li>\n</ul>')
    expect(render('~x~ ~~y~~')).toBe('<p>~x~ <s>y</s></p>')
  })

  it('stops at a nesting depth of 100 and never crashes', () => {
    const deep = render(`${'>'.repeat(100)} profond`)
    expect(deep.match(/<blockquote>/g)).toHaveLength(100)
    expect(render(`${'>'.repeat(120)} trop profond`)).not.toContain('trop profond')
    expect(() => render(`${'>'.repeat(5000)} x`)).not.toThrow()
    expect(() => render(`${'*'.repeat(2000)}x${'*'.repeat(2000)}`)).not.toThrow()
    expect(() => render(`${'['.repeat(1000)}x${']'.repeat(1000)}`)).not.toThrow()
  })

  it('keeps the text that follows a blockquote nested too deep', () => {
    const html = render(`Avant\n\n${'>'.repeat(150)} trop profond\nsuite paresseuse\n\nAprès la citation.\n\n- et une liste`)
    expect(html.match(/<blockquote>/g)).toHaveLength(100)
    expect(html).not.toMatch(/trop profond|suite paresseuse/)
    expect(html).toMatch(/^<p>Avant<\/p>/)
    expect(html).toMatch(/<p>Après la citation\.<\/p>\n<ul>\n<li>et une liste<\/li>\n<\/ul>$/)
  })

  it('caps nested lists like blockquotes: 50 lists of 2 levels each, then the text after them', () => {
    const html = render(`${nestedList(60)}\n\nAprès la liste.`)
    expect(html.match(/<ul>/g)).toHaveLength(50)
    expect(html).toContain('<li>x48')
    expect(html).not.toContain('x49')
    expect(html).toMatch(/<p>Après la liste\.<\/p>$/)
  })

  // How long it takes is measured by `npm run bench` (1,000 levels under 100 ms, 10,000 under 2 s): here,
  // what keeps it short whatever the depth. Before the limit, 1,000 levels took 11 s and 10,000 never finished.
  it.each([1_000, 10_000])('hands the parser no more than the levels it keeps, for %i nested list levels', (levels) => {
    const source = nestedList(levels)
    expect(dropTooDeepLines(source, MAX_NESTING).split('\n')).toHaveLength(50)
    expect(render(source).match(/<ul>/g)).toHaveLength(50)
  })

  it('forces rel=noopener on links that open a new tab', () => {
    expect(render('<a href="https://ludora.fr" target="_blank">Ludora</a>')).toBe(
      '<p><a href="https://ludora.fr" target="_blank" rel="noopener noreferrer">Ludora</a></p>',
    )
  })
})
