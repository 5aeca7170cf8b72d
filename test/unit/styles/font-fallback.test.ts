import { readFileSync } from 'node:fs'
import path from 'node:path'
import { createFontStack } from '@capsizecss/core'
import { describe, expect, it } from 'vitest'
import { arial, plusJakartaSans } from './font-metrics.json'

const css = readFileSync(path.resolve(import.meta.dirname, '../../../src/styles/global.css'), 'utf8')

function fontFace(family: string): Record<string, string> {
  const block = [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].map((match) => match[1]!).find((body) => body.includes(`font-family: '${family}'`))
  if (!block) throw new Error(`No @font-face for ${family}`)
  return Object.fromEntries(
    block
      .split(';')
      .map((declaration) => declaration.trim())
      .filter(Boolean)
      .map((declaration) => {
        const colon = declaration.indexOf(':')
        return [declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim()]
      }),
  )
}

describe('web font', () => {
  it('has a fallback face resized to Plus Jakarta Sans’s metrics, so the swap cannot move text', () => {
    const expected = createFontStack([plusJakartaSans, arial], { fontFaceFormat: 'styleObject' }).fontFaces[0]!
    const fallback = fontFace('Plus Jakarta Sans Fallback')
    expect({
      'size-adjust': fallback['size-adjust'],
      'ascent-override': fallback['ascent-override'],
      'descent-override': fallback['descent-override'],
      'line-gap-override': fallback['line-gap-override'],
    }).toEqual({
      'size-adjust': expected['@font-face'].sizeAdjust,
      'ascent-override': expected['@font-face'].ascentOverride,
      'descent-override': expected['@font-face'].descentOverride,
      'line-gap-override': expected['@font-face'].lineGapOverride,
    })
    expect(fallback.src).toContain("local('Arial')")
  })

  it('loads the Latin subset of the variable font, for every weight, without a late swap', () => {
    const face = fontFace('Plus Jakarta Sans')
    expect(face.src).toMatch(/plus-jakarta-sans-latin-wght-normal\.woff2/)
    expect(face['font-weight']).toBe('200 800')
    expect(face['font-display']).toBe('optional')
    expect(css).toMatch(/--font-sans: 'Plus Jakarta Sans', 'Plus Jakarta Sans Fallback'/)
  })
})
