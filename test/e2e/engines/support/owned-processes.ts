import { spawn, type ChildProcess } from 'node:child_process'
import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * The processes and folders one engine's session owns. Each process is started in a group of its own, so
 * that killing the group also ends what it launched (WebKitWebDriver's MiniBrowser and web processes,
 * Firefox's content processes). A watchdog outside this test worker does the same if the worker dies
 * before its afterAll (killed by a timeout, Ctrl-C, a crash): nothing is left running on a shared machine.
 */
export class OwnedProcesses {
  private readonly groups = new Set<number>()
  private readonly folders = new Set<string>()
  private readonly pidFiles = new Set<string>()
  private watchdog: ChildProcess | undefined

  /** Starts `command` in its own process group, owned from now on. */
  spawn(command: string, args: string[], options: Parameters<typeof spawn>[2] = {}): ChildProcess {
    const child = spawn(command, args, { ...options, detached: true })
    // Reported here rather than as an 'error' event, which would crash the worker unheard.
    child.once('error', () => {})
    if (!child.pid) throw new Error(`cannot start ${command}`)
    this.adoptGroup(child.pid)
    return child
  }

  private adoptGroup(pgid: number): void {
    this.groups.add(pgid)
    this.rearmWatchdog()
  }

  /**
   * A launcher for `executable`, written in `folder`, for a library that starts the process itself in a
   * group of its own (puppeteer, for Firefox): it notes its pid, which leads that group, before becoming the
   * executable, so the group is owned from its first instant, not once the library hands its pid over.
   */
  async launcherFor(executable: string, folder: string): Promise<string> {
    const launcher = path.join(folder, `launch-${path.basename(executable)}`)
    const pidFile = `${launcher}.pid`
    await writeFile(launcher, `#!/bin/sh\necho $$ > ${quote(pidFile)}\nexec ${quote(executable)} "$@"\n`, { mode: 0o755 })
    this.pidFiles.add(pidFile)
    this.rearmWatchdog()
    return launcher
  }

  adoptFolder(folder: string): void {
    this.folders.add(folder)
    this.rearmWatchdog()
  }

  /**
   * Each owned process still running, with its state and CPU time, for a failure's message: a hung engine
   * (sleeping, its CPU time still), a busy one (running) and a crashed one (gone) then read differently.
   */
  async snapshot(): Promise<string> {
    const groups = await this.allGroups()
    const running: string[] = []
    for (const entry of await readdir('/proc').catch(() => [] as string[])) {
      if (!/^\d+$/.test(entry)) continue
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '')
      const nameEnd = stat.lastIndexOf(')')
      if (nameEnd < 0) continue
      // After the name: state, parent, group, …, then user and system CPU time in clock ticks (fields 14 and 15).
      const fields = stat.slice(nameEnd + 2).split(' ')
      if (!groups.has(Number(fields[2]))) continue
      const cpuSeconds = (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS
      running.push(`${stat.slice(stat.indexOf('(') + 1, nameEnd)} ${entry} ${fields[0]} ${cpuSeconds.toFixed(1)} s`)
    }
    return running.length ? running.join(', ') : 'none running'
  }

  /** Kills every owned group and removes every owned folder; safe to call twice. */
  async release(): Promise<void> {
    this.stopWatchdog()
    const groups = await this.allGroups()
    this.pidFiles.clear()
    for (const group of groups) killGroup(group)
    this.groups.clear()
    await Promise.all([...this.folders].map((folder) => rm(folder, { recursive: true, force: true })))
    this.folders.clear()
  }

  /** The groups started here, and those a launcher has led since (their pid files). */
  private async allGroups(): Promise<Set<number>> {
    const groups = new Set(this.groups)
    for (const pidFile of this.pidFiles) {
      const pid = Number(await readFile(pidFile, 'utf8').catch(() => ''))
      if (pid > 0) groups.add(pid)
    }
    return groups
  }

  private rearmWatchdog(): void {
    this.stopWatchdog()
    const groups = [...this.groups].map((group) => `-${group}`).join(' ')
    const fromPidFiles = [...this.pidFiles].map((file) => `[ -s ${quote(file)} ] && kill -s KILL -- "-$(cat ${quote(file)})";`).join(' ')
    const folders = [...this.folders].map(quote).join(' ')
    // GNU tail returns once the worker is gone (it checks every second, without a process per check).
    const script = `tail --pid=${process.pid} -f /dev/null; ${groups ? `kill -s KILL -- ${groups};` : ''} ${fromPidFiles} ${folders ? `rm -rf ${folders}` : ''}`
    this.watchdog = spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' })
    this.watchdog.unref()
  }

  private stopWatchdog(): void {
    if (this.watchdog?.pid) killGroup(this.watchdog.pid)
    this.watchdog = undefined
  }
}

/** Waits for a graceful close at most `ms`: a hung browser must not hold the run (its group is killed next). */
export async function closeWithin(closing: Promise<unknown>, ms = 10_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  await Promise.race([closing.catch(() => {}), new Promise((resolve) => (timer = setTimeout(resolve, ms)))])
  clearTimeout(timer)
}

/** Linux's USER_HZ, the unit of CPU times in /proc (100 on every architecture Debian ships). */
const CLOCK_TICKS = 100

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`

function killGroup(pgid: number): void {
  try {
    process.kill(-pgid, 'SIGKILL')
  } catch {
    // Already gone.
  }
}
