import { describe, expect, it, vi } from 'vitest'
import { isChunkLoadError, reloadOnceAt, RELOAD_GUARD_KEY, type ReloadEnvironment } from '#src/lib/reload-guard'

function environment(options: { storageBlocked?: boolean; currentPath?: string } = {}) {
  let now = 1_000_000
  let name = ''
  const store = new Map<string, string>()
  const storage = {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
  } as Storage
  const env: ReloadEnvironment = {
    now: () => now,
    storage: () => {
      if (options.storageBlocked) throw new DOMException('blocked', 'SecurityError')
      return storage
    },
    windowName: { get: () => name, set: (value) => (name = value) },
    currentPath: () => options.currentPath ?? '/',
    assign: vi.fn(),
    reload: vi.fn(),
  }
  return { env, store, advance: (ms: number) => (now += ms), windowName: () => name }
}

describe('reload guard', () => {
  it('reloads a path once per 10 seconds', () => {
    const { env, advance, store } = environment()
    expect(reloadOnceAt('/pricing', env)).toBe(true)
    expect(env.assign).toHaveBeenCalledWith('/pricing')
    expect(JSON.parse(store.get(RELOAD_GUARD_KEY)!)).toEqual({ path: '/pricing', expires: 1_010_000 })
    advance(9_999)
    expect(reloadOnceAt('/pricing', env)).toBe(false)
    expect(reloadOnceAt('/contact', env)).toBe(true)
    advance(10_001)
    expect(reloadOnceAt('/pricing', env)).toBe(true)
    expect(env.assign).toHaveBeenCalledTimes(3)
  })

  it('reloads in place when the target is the current page', () => {
    const { env } = environment({ currentPath: '/pricing' })
    reloadOnceAt('/pricing', env)
    expect(env.reload).toHaveBeenCalledTimes(1)
    expect(env.assign).not.toHaveBeenCalled()
  })

  it('still prevents a loop when sessionStorage is blocked', () => {
    const { env, windowName } = environment({ storageBlocked: true })
    expect(reloadOnceAt('/pricing', env)).toBe(true)
    expect(windowName()).toContain(RELOAD_GUARD_KEY)
    expect(reloadOnceAt('/pricing', env)).toBe(false)
    expect(env.assign).toHaveBeenCalledTimes(1)
  })

  it('ignores a corrupt guard', () => {
    const { env, store } = environment()
    store.set(RELOAD_GUARD_KEY, '{not json')
    expect(reloadOnceAt('/pricing', env)).toBe(true)
    store.set(RELOAD_GUARD_KEY, JSON.stringify({ path: 42 }))
    expect(reloadOnceAt('/x', env)).toBe(true)
  })

  it('recognises failed dynamic imports in Chromium, Firefox and Safari', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/_app/a.js'))).toBe(true)
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: https://x/a.js'))).toBe(true)
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(new Error('Something else'))).toBe(false)
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false)
  })
})
