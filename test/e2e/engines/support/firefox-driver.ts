import { mkdir, mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import puppeteer, { type ElementHandle, type Page } from 'puppeteer-core'
import type { EngineDriver, EngineTimeouts, Target } from './engine-driver'
import { ERROR_PROBE_KEY, errorProbeSource, takeProbedErrors } from './error-probe'
import { closeWithin, OwnedProcesses } from './owned-processes'

/** Debian's Firefox ESR, never a downloaded browser. */
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr'
const VIEWPORT = { width: 1280, height: 800 }

const selectorOf = (target: Target) => ('css' in target ? target.css : `::-p-xpath(${target.xpath})`)

/** Firefox ESR driven over WebDriver BiDi by puppeteer-core, in a profile of its own. */
export async function startFirefox({ baseURL, dataDir }: { baseURL: string; dataDir: string }, { startMs, stepMs }: EngineTimeouts): Promise<EngineDriver> {
  const owned = new OwnedProcesses()
  try {
    const work = await mkdtemp(path.join(os.tmpdir(), 'ludora-firefox-'))
    owned.adoptFolder(work)
    const profile = path.join(work, 'profile')
    await mkdir(profile)
    const browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: await owned.launcherFor(FIREFOX_PATH, work),
      headless: true,
      userDataDir: profile,
      defaultViewport: VIEWPORT,
      timeout: startMs,
      protocolTimeout: startMs,
      extraPrefsFirefox: { 'intl.accept_languages': 'fr-FR, fr' },
    })
    const version = `Firefox ESR ${(await browser.version()).replace(/^firefox\//, '')}`
    const page: Page = (await browser.pages())[0] ?? (await browser.newPage())
    page.setDefaultTimeout(stepMs)
    await page.evaluateOnNewDocument(errorProbeSource)

    const visible = async (target: Target): Promise<ElementHandle> => {
      const element = await page.waitForSelector(selectorOf(target), { visible: true })
      if (!element) throw new Error(`${version}: no element ${JSON.stringify(target)}`)
      return element as ElementHandle
    }

    return {
      version,
      dataDir,
      async open(route) {
        await page.goto(baseURL + route, { waitUntil: 'load' })
      },
      // Puppeteer maps element handles among the arguments; the journeys pass plain values only.
      evaluate: <T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A) => page.evaluate(fn as (...args: unknown[]) => T, ...args) as Promise<T>,
      async click(target) {
        await (await visible(target)).click()
      },
      async fill(target, text) {
        const field = await visible(target)
        await field.evaluate((element) => (element as HTMLInputElement).select())
        await field.type(text)
      },
      takeErrors: () => page.evaluate(takeProbedErrors, ERROR_PROBE_KEY),
      processes: () => owned.snapshot(),
      async close() {
        await closeWithin(browser.close())
        await owned.release()
      },
    }
  } catch (error) {
    await owned.release()
    throw error
  }
}
