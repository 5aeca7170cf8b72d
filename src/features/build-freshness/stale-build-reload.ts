import type { AnyRouter } from '@tanstack/react-router'
import { BUILDS_PATH, isLatestBuild, type LatestBuild } from '#src/lib/app-manifest'
import { reloadOnceAt } from '#src/lib/reload-guard'
import { pageBuildId } from '#src/lib/build-id'
import { startFreshnessCheck } from './freshness-check'

export async function fetchLatestBuild(): Promise<LatestBuild | undefined> {
  const response = await fetch(`${BUILDS_PATH}/latest.json?${Date.now()}`, { cache: 'no-store' })
  if (!response.ok) return undefined
  const body: unknown = await response.json()
  return isLatestBuild(body) ? body : undefined
}

/**
 * Once a newer build is deployed, the next navigation loads its target as a full document, so the
 * visitor gets the new code and payloads instead of chunks that may no longer exist.
 */
export function installStaleBuildReload(router: AnyRouter): () => void {
  let stale = false
  const stopChecking = startFreshnessCheck({
    currentId: pageBuildId(),
    fetchLatest: fetchLatestBuild,
    onStale: () => {
      stale = true
    },
  })
  const unsubscribe = router.subscribe('onBeforeNavigate', ({ fromLocation, toLocation }) => {
    if (stale && fromLocation) reloadOnceAt(toLocation.href)
  })
  return () => {
    stopChecking()
    unsubscribe()
  }
}
