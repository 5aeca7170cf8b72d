/**
 * Stops the server with its parent and on the usual signals. `npm start` runs `sh -c node …`: a SIGTERM
 * to npm ends the shell, not node, which would live on holding the port; so node also watches its parent
 * process id (it changes when the parent dies) and stops when it does. A second Ctrl-C exits at once.
 * `parent` is the parent's id as read when the process started: npm may have died during the first build.
 */
export function stopWithParent(stop: () => Promise<void>, { parent = process.ppid, pollMs = 500, forceAfterMs = 10_000 } = {}): void {
  let stopping = false
  const shutdown = () => {
    if (stopping) return
    stopping = true
    clearInterval(watch)
    setTimeout(() => process.exit(1), forceAfterMs).unref()
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error("Arrêt du serveur en erreur :", error)
        process.exit(1)
      },
    )
  }
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, shutdown)
  const watch = setInterval(() => {
    if (process.ppid !== parent) shutdown()
  }, pollMs)
  watch.unref()
}
