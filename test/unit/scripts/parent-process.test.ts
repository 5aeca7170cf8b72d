import { spawn } from 'node:child_process'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'

// scripts/parent-process.mjs has no type declarations.
const { parentOf } = (await import(pathToFileURL(path.resolve(import.meta.dirname, '../../../scripts/parent-process.mjs')).href)) as {
  parentOf: (pid: number) => number | undefined
}

describe('parentOf', () => {
  it("gives a process's parent, this one's and a child's, even when the child's command name holds spaces and parentheses", async () => {
    expect(parentOf(process.pid)).toBe(process.ppid)
    const child = spawn(process.execPath, ['-e', "process.title = 'a (b) c'; setTimeout(() => {}, 5000)"], { stdio: 'ignore' })
    try {
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(parentOf(child.pid!)).toBe(process.pid)
    } finally {
      child.kill()
    }
  })

  it('is undefined for a process that does not exist', () => {
    expect(parentOf(2 ** 22 + 12_345)).toBeUndefined()
  })
})
