/**
 * Full reload of a path at most once per 10 seconds, as the original's `nuxt:reload` guard.
 * When sessionStorage is blocked, `window.name` (kept across reloads of the same tab) holds the
 * guard instead, so a broken chunk can never cause a reload loop.
 */
export const RELOAD_GUARD_KEY = 'ludora:reload'
export const RELOAD_GUARD_TTL_MS = 10_000

interface GuardRecord {
  path: string
  expires: number
}

export interface ReloadEnvironment {
  now: () => number
  storage: () => Storage
  windowName: { get: () => string; set: (value: string) => void }
  currentPath: () => string
  assign: (path: string) => void
  reload: () => void
}

function browserEnvironment(): ReloadEnvironment {
  return {
    now: () => Date.now(),
    storage: () => window.sessionStorage,
    windowName: { get: () => window.name, set: (value) => (window.name = value) },
    currentPath: () => window.location.pathname + window.location.search + window.location.hash,
    assign: (path) => window.location.assign(path),
    reload: () => window.location.reload(),
  }
}

function parseRecord(raw: string | null | undefined): GuardRecord | undefined {
  if (!raw) return undefined
  try {
    const value: unknown = JSON.parse(raw)
    if (typeof value === 'object' && value !== null && typeof (value as GuardRecord).path === 'string' && typeof (value as GuardRecord).expires === 'number') {
      return value as GuardRecord
    }
  } catch {
    // Unreadable guard: treat it as absent.
  }
  return undefined
}

function readGuard(env: ReloadEnvironment): GuardRecord | undefined {
  try {
    return parseRecord(env.storage().getItem(RELOAD_GUARD_KEY))
  } catch {
    const name = env.windowName.get()
    return name.startsWith(RELOAD_GUARD_KEY + '=') ? parseRecord(name.slice(RELOAD_GUARD_KEY.length + 1)) : undefined
  }
}

function writeGuard(env: ReloadEnvironment, record: GuardRecord): void {
  const serialised = JSON.stringify(record)
  try {
    env.storage().setItem(RELOAD_GUARD_KEY, serialised)
  } catch {
    env.windowName.set(`${RELOAD_GUARD_KEY}=${serialised}`)
  }
}

/**
 * Loads `path` as a full document unless the same path was reloaded less than 10 s ago.
 * Returns whether a reload was started.
 */
export function reloadOnceAt(path: string, env: ReloadEnvironment = browserEnvironment()): boolean {
  const now = env.now()
  const guard = readGuard(env)
  if (guard && guard.path === path && guard.expires > now) return false
  writeGuard(env, { path, expires: now + RELOAD_GUARD_TTL_MS })
  if (env.currentPath() === path) env.reload()
  else env.assign(path)
  return true
}

const CHUNK_ERROR_PATTERNS = [
  'Failed to fetch dynamically imported module',
  'error loading dynamically imported module',
  'Importing a module script failed',
  'Expected a JavaScript-or-Wasm module script',
  'ChunkLoadError',
]

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const text = `${error.name}: ${error.message}`
  return CHUNK_ERROR_PATTERNS.some((pattern) => text.includes(pattern))
}
