import type { LatestBuild } from '#src/lib/app-manifest'

/** The seed's build check interval: first after one hour, then every hour. */
export const BUILD_CHECK_INTERVAL_MS = 60 * 60 * 1000

export interface FreshnessCheckOptions {
  currentId: string
  fetchLatest: () => Promise<LatestBuild | undefined>
  onStale: (latest: LatestBuild) => void
  intervalMs?: number
}

/**
 * Polls for a newer build. A failed or unreadable answer is ignored and the next check still happens;
 * polling stops once a different build id has been seen. Returns a function that stops it.
 */
export function startFreshnessCheck({ currentId, fetchLatest, onStale, intervalMs = BUILD_CHECK_INTERVAL_MS }: FreshnessCheckOptions): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  let stopped = false

  const check = async () => {
    let latest: LatestBuild | undefined
    try {
      latest = await fetchLatest()
    } catch {
      latest = undefined
    }
    if (stopped) return
    if (latest && latest.id !== currentId) {
      stopped = true
      onStale(latest)
      return
    }
    timer = setTimeout(check, intervalMs)
  }

  timer = setTimeout(check, intervalMs)
  return () => {
    stopped = true
    if (timer !== undefined) clearTimeout(timer)
  }
}
