import type { ChildProcess } from 'node:child_process'
import { cp, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { Builder, By, until, type WebDriver, type WebElement } from 'selenium-webdriver'
import { startSiteServer } from '#src/server/main'
import type { EngineDriver, EngineTimeouts, Target } from './engine-driver'
import { ERROR_PROBE_KEY, errorProbeSource, takeProbedErrors } from './error-probe'
import { closeWithin, OwnedProcesses } from './owned-processes'

/** Debian's webkit2gtk-driver and the MiniBrowser of libwebkit2gtk, never a downloaded browser. */
export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver'
export const MINIBROWSER_PATH = process.env.MINIBROWSER_PATH ?? `/usr/lib/${process.arch === 'arm64' ? 'aarch64' : 'x86_64'}-linux-gnu/webkit2gtk-4.1/MiniBrowser`
const WINDOW = { width: 1280, height: 800 }
const PROBE_FILE = '_engine-probe.js'

const locatorOf = (target: Target) => ('css' in target ? By.css(target.css) : By.xpath(target.xpath))

/**
 * WebKitGTK (the engine of Safari) driven by its own WebDriver (WebKitWebDriver launching MiniBrowser), on
 * an Xvfb display of its own. Classic WebDriver has no way to run a script before the page's own, so the
 * site is served here from a copy of `distDir` whose pages load the error probe first (the only change).
 */
export async function startWebKit({ distDir }: { distDir: string }, { startMs, stepMs }: EngineTimeouts): Promise<EngineDriver> {
  const owned = new OwnedProcesses()
  let server: Awaited<ReturnType<typeof startSiteServer>> | undefined
  let driver: WebDriver | undefined
  try {
    const work = await mkdtemp(path.join(os.tmpdir(), 'ludora-webkit-'))
    owned.adoptFolder(work)
    const root = path.join(work, 'dist')
    const dataDir = path.join(work, 'data')
    await copyWithProbe(distDir, root)

    const [site, display, port] = await Promise.all([
      // Like the suite's server: journeys of every file post from 127.0.0.1, none waits on the rate limit.
      startSiteServer({ root, port: 0, dataDir, env: { API_RATE_LIMITS: 'contact=1000,newsletter=1000,generate=1000' } }).then((started) => (server = started)),
      startXvfb(owned, startMs),
      freePort(),
    ])
    // Frames reach MiniBrowser's window as shared bitmaps, not DMA-BUF buffers: without a GPU, Xvfb's DMA-BUF
    // path cost the WebKit file 38 to 49 s of CPU instead of 28 to 32 (alternated runs). What WebKit runs and
    // lays out is the same; only how a painted frame reaches the window changes.
    const env = { ...process.env, DISPLAY: display, WEBKIT_DISABLE_DMABUF_RENDERER: '1' }
    const driverProcess = owned.spawn(WEBKIT_DRIVER_PATH, [`--port=${port}`], { stdio: ['ignore', 'ignore', 'pipe'], env })
    const driverURL = `http://127.0.0.1:${port}`
    await waitForDriver(driverURL, driverProcess, startMs)
    driver = await new Builder()
      // SELENIUM_REMOTE_URL and the like must not send the session elsewhere.
      .disableEnvironmentOverrides()
      .usingServer(driverURL)
      .withCapabilities({ browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args: ['--automation'] } })
      .build()
    const session = driver
    await session.manage().setTimeouts({ script: stepMs, pageLoad: stepMs })
    await session.manage().window().setRect(WINDOW)
    const version = `WebKitGTK ${(await session.getCapabilities()).get('browserVersion') as string}`

    const visible = async (target: Target): Promise<WebElement> => {
      const element = await session.wait(until.elementLocated(locatorOf(target)), stepMs, `${version}: no element ${JSON.stringify(target)}`)
      await session.wait(until.elementIsVisible(element), stepMs, `${version}: ${JSON.stringify(target)} stays hidden`)
      return element
    }

    return {
      version,
      dataDir,
      async open(route) {
        await session.get(site.url + route)
      },
      // W3C Execute Script awaits a returned promise.
      evaluate: (fn, ...args) => session.executeScript(`return (${fn.toString()}).apply(null, arguments)`, ...args),
      async click(target) {
        await (await visible(target)).click()
      },
      async fill(target, text) {
        const field = await visible(target)
        await field.clear()
        await field.sendKeys(text)
      },
      takeErrors: () => session.executeScript(`return (${takeProbedErrors.toString()}).apply(null, arguments)`, ERROR_PROBE_KEY),
      processes: () => owned.snapshot(),
      async close() {
        await closeWithin(session.quit())
        await Promise.all([owned.release(), site.close()])
      },
    }
  } catch (error) {
    if (driver) await closeWithin(driver.quit())
    await Promise.all([owned.release(), server?.close()])
    throw error
  }
}

/** `distDir` as built, each page loading the probe as its very first script. */
async function copyWithProbe(distDir: string, root: string): Promise<void> {
  await cp(distDir, root, { recursive: true })
  await writeFile(path.join(root, PROBE_FILE), errorProbeSource)
  const pages = (await readdir(root, { recursive: true })).filter((file) => file.endsWith('.html'))
  for (const page of pages) {
    const file = path.join(root, page)
    await writeFile(file, (await readFile(file, 'utf8')).replace('<head>', `<head><script src="/${PROBE_FILE}"></script>`))
  }
}

/** An Xvfb server on the first free display (Xvfb picks it and tells it on a descriptor: no race with others). */
async function startXvfb(owned: OwnedProcesses, timeoutMs: number): Promise<string> {
  const xvfb = owned.spawn('Xvfb', ['-displayfd', '3', '-screen', '0', `${WINDOW.width}x${WINDOW.height}x24`, '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] })
  let stderr = ''
  xvfb.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const number = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Xvfb gave no display within ${timeoutMs / 1000} s: ${stderr}`)), timeoutMs)
    xvfb.stdio[3]!.once('data', (chunk: Buffer) => {
      clearTimeout(timer)
      resolve(chunk.toString().trim())
    })
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code}): ${stderr}`)))
  })
  return `:${number}`
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

async function waitForDriver(url: string, driverProcess: ChildProcess, timeoutMs: number): Promise<void> {
  let stderr = ''
  driverProcess.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (driverProcess.exitCode !== null) throw new Error(`WebKitWebDriver exited (${driverProcess.exitCode}): ${stderr}`)
    const ready = await fetch(`${url}/status`).then(
      (response) => response.ok,
      () => false,
    )
    if (ready) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`WebKitWebDriver did not answer within ${timeoutMs / 1000} s: ${stderr}`)
}
