import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { distDir } from './support/browser'

const ROOT = path.resolve(import.meta.dirname, '../..')
const started: ChildProcess[] = []

/** Runs an npm script the way a terminal does: npm in its own process group, npm → sh → node. */
async function runNpm(args: string[]): Promise<{ npm: ChildProcess; url: string }> {
  const npm = spawn('npm', args, {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: '0', OUT_DIR: distDir(), SITE_URL: 'http://127.0.0.1' },
  })
  started.push(npm)
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk
      const found = /http:\/\/127\.0\.0\.1:\d+/.exec(output)
      if (found) resolve(found[0])
    }
    npm.stdout?.on('data', onData)
    npm.stderr?.on('data', (chunk: Buffer) => (output += chunk))
    npm.once('exit', () => reject(new Error(`npm ${args.join(' ')} stopped before serving:\n${output}`)))
  })
  expect((await fetch(url)).status).toBe(200)
  return { npm, url }
}

/** Whether any process of the group is still alive. */
function groupAlive(groupId: number): boolean {
  try {
    process.kill(-groupId, 0)
    return true
  } catch {
    return false
  }
}

function portFree(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer()
    probe.once('error', () => resolve(false))
    probe.listen(Number(new URL(url).port), '127.0.0.1', () => probe.close(() => resolve(true)))
  })
}

async function expectAllStopped(npm: ChildProcess, url: string) {
  await expect.poll(() => groupAlive(npm.pid!), { timeout: 8_000, interval: 100 }).toBe(false)
  expect(await portFree(url)).toBe(true)
}

afterEach(() => {
  // Whatever a failed test left running.
  for (const npm of started.splice(0)) if (npm.pid && groupAlive(npm.pid)) process.kill(-npm.pid, 'SIGKILL')
})

describe('stopping the servers', () => {
  it('npm start: SIGTERM to npm alone stops node too and frees the port', async () => {
    const { npm, url } = await runNpm(['start', '--', '--no-build'])
    process.kill(npm.pid!, 'SIGTERM')
    await expectAllStopped(npm, url)
  }, 60_000)

  it('npm start: SIGKILL to npm alone, which leaves its shell waiting, stops node too and frees the port', async () => {
    const { npm, url } = await runNpm(['start', '--', '--no-build'])
    process.kill(npm.pid!, 'SIGKILL')
    await expectAllStopped(npm, url)
  }, 60_000)

  it('npm start: Ctrl-C (SIGINT to the whole group) stops everything', async () => {
    const { npm, url } = await runNpm(['start', '--', '--no-build'])
    process.kill(-npm.pid!, 'SIGINT')
    await expectAllStopped(npm, url)
  }, 60_000)

  it('npm run dev: SIGTERM to npm alone stops node too and frees the port', async () => {
    const { npm, url } = await runNpm(['run', 'dev'])
    process.kill(npm.pid!, 'SIGTERM')
    await expectAllStopped(npm, url)
  }, 90_000)
})
