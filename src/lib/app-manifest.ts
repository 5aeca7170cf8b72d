import { matchRouteRules, type RouteRule, type RuleTable } from './route-rules'
import { pageBuildId } from './build-id'

/** `_app/builds/meta/<buildId>.json`: the route rules and prerendered paths of one build. */
export interface BuildManifest {
  id: string
  timestamp: number
  matcher: RuleTable
  prerendered: string[]
}

export interface LatestBuild {
  id: string
  timestamp: number
}

export const BUILDS_PATH = '/_app/builds'

function isRuleTable(value: unknown): value is RuleTable {
  if (typeof value !== 'object' || value === null) return false
  const table = value as Partial<RuleTable>
  return [table.static, table.wildcard, table.dynamic].every((part) => typeof part === 'object' && part !== null)
}

export function isBuildManifest(value: unknown): value is BuildManifest {
  if (typeof value !== 'object' || value === null) return false
  const manifest = value as Partial<BuildManifest>
  return (
    typeof manifest.id === 'string' &&
    typeof manifest.timestamp === 'number' &&
    isRuleTable(manifest.matcher) &&
    Array.isArray(manifest.prerendered)
  )
}

export function isLatestBuild(value: unknown): value is LatestBuild {
  if (typeof value !== 'object' || value === null) return false
  const latest = value as Partial<LatestBuild>
  return typeof latest.id === 'string' && typeof latest.timestamp === 'number'
}

let pending: Promise<BuildManifest | undefined> | undefined

async function fetchManifest(): Promise<BuildManifest | undefined> {
  try {
    const response = await fetch(`${BUILDS_PATH}/meta/${encodeURIComponent(pageBuildId())}.json`)
    const body: unknown = response.ok ? await response.json() : undefined
    if (isBuildManifest(body)) return body
  } catch {
    // A host answering HTML, a network failure: no rules this time.
  }
  // Forget the failure so that the next navigation asks again.
  pending = undefined
  return undefined
}

/** The current build's manifest, fetched once; a failed fetch counts as "no rules" and is retried later. */
export function loadBuildManifest(): Promise<BuildManifest | undefined> {
  pending ??= fetchManifest()
  return pending
}

export async function getRouteRules(path: string): Promise<RouteRule> {
  const manifest = await loadBuildManifest()
  return manifest ? matchRouteRules(manifest.matcher, path) : {}
}

/** For tests: forget the memoised manifest. */
export function resetBuildManifest(): void {
  pending = undefined
}
