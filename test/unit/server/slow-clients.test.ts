import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSiteServer, type SiteServer } from '#src/server/main'

// Apart from site-server.test.ts, which mocks a module and so runs in a VM context of its own: there, the
// failed read of a body that Node's request timeout cut never reached the API's error handler (cause not
// found), so a log line the real server writes went unseen.
const TIMEOUTS = { headersMs: 600, requestMs: 1_200, keepAliveMs: 500, checkIntervalMs: 100, drainMs: 2_000 }

let workDir: string
const servers: SiteServer[] = []

async function start() {
  const server = await startSiteServer({ root: workDir, port: 0, dataDir: path.join(workDir, '.data'), env: { SITE_URL: 'https://www.ludora.fr' }, timeouts: TIMEOUTS })
  servers.push(server)
  return server
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'ludora-slow-'))
  await Promise.all(['index.html', '404.html'].map((file) => writeFile(path.join(workDir, file), '<h1>Ludora</h1>')))
})

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
  await rm(workDir, { recursive: true, force: true })
})

/**
 * How late a cut may come on a loaded machine (the browser tests run beside these). A server that never
 * cuts is caught all the same: the socket would stay open until the test's own 10 s limit.
 */
const SLACK_MS = 2_500

describe('slow clients', { timeout: 10_000 }, () => {
  /** Opens a socket, sends `first`, then `next()` every 100 ms (a header line, some body); resolves when the server cuts it. */
  function trickle(url: string, first: string, next: () => string): Promise<{ elapsedMs: number; answer: string }> {
    const { hostname, port } = new URL(url)
    return new Promise((resolve) => {
      const started = Date.now()
      let answer = ''
      const socket = net.connect(Number(port), hostname, () => socket.write(first))
      const drip = setInterval(() => socket.writable && socket.write(next()), 100)
      socket.on('data', (chunk) => (answer += chunk))
      socket.on('close', () => {
        clearInterval(drip)
        resolve({ elapsedMs: Date.now() - started, answer })
      })
      socket.on('error', () => {})
    })
  }

  it('cuts a client that trickles its headers once the headers timeout has passed', async () => {
    const server = await start()
    let line = 0
    const { elapsedMs, answer } = await trickle(server.url, 'POST /api/contact HTTP/1.1\r\nHost: localhost\r\n', () => `X-Slow-${line++}: a\r\n`)
    expect(elapsedMs).toBeLessThan(TIMEOUTS.headersMs + SLACK_MS)
    expect(answer).toMatch(/^HTTP\/1\.1 408/)
  })

  // The API reads the body it waits for: a client cut meanwhile is not an error of the server's, nor a log line.
  it('cuts a client that trickles its body once the request timeout has passed, without an error logged', { timeout: 20_000 }, async () => {
    const server = await start()
    const origin = `Origin: ${new URL(server.url).origin}\r\n`
    for (const [head, next] of [
      [`POST /api/contact HTTP/1.1\r\nHost: localhost\r\n${origin}Content-Type: application/json\r\nContent-Length: 10000\r\n\r\n`, ' '],
      [`POST /api/ai/generate HTTP/1.1\r\nHost: localhost\r\n${origin}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`, '1\r\n \r\n'],
    ] as const) {
      const { elapsedMs, answer } = await trickle(server.url, head, () => next)
      expect(elapsedMs, head).toBeLessThan(TIMEOUTS.requestMs + SLACK_MS)
      expect(answer, head).toMatch(/^HTTP\/1\.1 408/)
    }
    // The API's handler runs on after the cut, until its read of the body fails.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(console.error).not.toHaveBeenCalled()
  })

  it('closes an idle keep-alive connection', async () => {
    const server = await start()
    const { elapsedMs, answer } = await trickle(server.url, 'GET / HTTP/1.1\r\nHost: localhost\r\n\r\n', () => '')
    expect(answer).toMatch(/^HTTP\/1\.1 200/)
    // Node adds a second of its own to the keep-alive timeout, against races with the client.
    expect(elapsedMs).toBeLessThan(TIMEOUTS.keepAliveMs + 1_000 + SLACK_MS)
  })
})
