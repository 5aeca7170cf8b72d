import { readFileSync } from 'node:fs'
import { afterEach, beforeEach, expect, vi } from 'vitest'

const hasDom = typeof window !== 'undefined'
// The DOM matchers (and their CSS.escape, which jsdom lacks) for the files that have a DOM; React's test
// renderer, with React DOM, only for those that render with it, which import it: the others skip loading it.
if (hasDom) await import('@testing-library/jest-dom/vitest')
const testFile = expect.getState().testPath
const rendersReact = hasDom && testFile !== undefined && readFileSync(testFile, 'utf8').includes("from '@testing-library/react'")
const cleanup = rendersReact ? (await import('@testing-library/react')).cleanup : undefined

// Tests are quiet: an unexpected console.error or console.warn fails the test that caused it.
beforeEach(() => {
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      throw new Error(`Unexpected console.${level}: ${args.map(String).join(' ')}`)
    })
  }
  if (hasDom) {
    // Every page the build writes names its build (src/lib/build-id.ts).
    let build = document.head.querySelector('meta[name="ludora:build"]')
    if (!build) build = document.head.appendChild(Object.assign(document.createElement('meta'), { name: 'ludora:build' }))
    build.setAttribute('content', 'test-build')
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo
    // jsdom has no layout: no media query ever matches and nothing is ever resized.
    window.matchMedia = (query: string) =>
      ({ matches: false, media: query, onchange: null, addEventListener: vi.fn(), removeEventListener: vi.fn(), addListener: vi.fn(), removeListener: vi.fn(), dispatchEvent: () => false }) as MediaQueryList
    window.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
  }
})

afterEach(() => {
  if (!hasDom) return
  cleanup?.()
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
  })
  window.localStorage.clear()
  window.sessionStorage.clear()
})
