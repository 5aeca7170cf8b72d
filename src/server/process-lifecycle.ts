/** Whether process `pid` still exists (one that belongs to another user answers EPERM: it does). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Stops the server with its parent and on the usual signals. `npm start` runs `sh -c node …`: a SIGTERM
 * to npm ends the shell, not node, which would live on holding the port; so node also watches its parent
 * process id (it changes when the parent dies) and stops when it does. A SIGKILL to npm leaves the shell
 * alive, waiting for node: so node also stops when the process that started its parent is gone
 * (`grandparent`, npm; not watched when it is init, which never goes). A second Ctrl-C exits at once.
 * `parent` and `grandparent` are read when the process started: npm may have died during the first build.
 */
export function stopWithParent(
  stop: () => Promise<void>,
  { parent = process.ppid, grandparent, pollMs = 500, forceAfterMs = 10_000 }: { parent?: number; grandparent?: number; pollMs?: number; forceAfterMs?: number } = {},
): void {
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
    if (process.ppid !== parent || (grandparent !== undefined && grandparent > 1 && !alive(grandparent))) shutdown()
  }, pollMs)
  watch.unref()
}
