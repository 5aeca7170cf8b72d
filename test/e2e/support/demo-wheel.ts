import type { Page } from 'playwright-core'

/**
 * Spins the home page's demo wheel with a click and waits for its result. Once, in a pinned run after the fix of
 * the press that the swap to the game lost, the result never came and the wait's timeout did not say why: this
 * error says what the wheel showed (its buttons, its status line, whether its game had taken over) and what
 * became of its code's chunk (a resource entry exists only once the chunk has arrived), so the next lost spin
 * names its cause.
 */
export async function spinDemoWheel(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Lancer la roue' }).click()
  try {
    await page.getByRole('button', { name: 'Relancer la roue' }).waitFor()
  } catch (error) {
    const shown = await page.evaluate(() => ({
      gameReady: document.querySelector('.demo-game')?.getAttribute('data-demo-ready'),
      buttons: [...document.querySelectorAll('.demo-game button')].map((button) => `${button.textContent} (aria-disabled ${button.getAttribute('aria-disabled')})`),
      status: document.querySelector('.demo-game [role="status"]')?.textContent,
      focus: document.activeElement?.outerHTML.slice(0, 120),
      chunk: performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('wheel-game'))
        .map((entry) => `${entry.name.split('/').pop()}: status ${(entry as PerformanceResourceTiming).responseStatus}, ${Math.round(entry.duration)} ms`),
    }))
    throw new Error(`${(error as Error).message}\nThe wheel showed: ${JSON.stringify(shown)}`, { cause: error })
  }
}
