// Which process started a given one: the server watches the process that started its own parent
// (src/server/process-lifecycle.ts).
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

/**
 * The parent id of process `pid`, from /proc (Linux) or `ps` (macOS, BSD); undefined when neither can
 * tell. In /proc/<pid>/stat the parent id is the second field after the command name, which is in
 * parentheses and may itself hold spaces or parentheses.
 */
export function parentOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
  } catch {
    try {
      const id = Number(execFileSync('ps', ['-o', 'ppid=', '-p', String(pid)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim())
      return Number.isInteger(id) && id > 0 ? id : undefined
    } catch {
      return undefined
    }
  }
}
