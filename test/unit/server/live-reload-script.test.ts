// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { LIVE_RELOAD_SCRIPT } from '#src/server/live-reload-script'

/** Stands in for the page's EventSource: the test delivers the server's events. */
class FakeEventSource extends EventTarget {
  static last: FakeEventSource | undefined
  constructor(readonly url: string) {
    super()
    FakeEventSource.last = this
  }
  deliver(type: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }))
  }
}

describe('the live-reload script of watch mode', () => {
  it('lays why the build failed over the page, as an alert, and keeps one panel for the next failure', () => {
    vi.stubGlobal('EventSource', FakeEventSource)
    document.body.innerHTML = '<main><h1>Tarifs</h1></main>'
    new Function(LIVE_RELOAD_SCRIPT)()
    const events = FakeEventSource.last!
    expect(events.url).toBe('/_dev/events')

    events.deliver('build-error', { message: 'content/pages/pricing.json › page.heading: expected text, got a number' })
    const panel = document.querySelector('[role="alert"]')!
    expect(panel.textContent).toContain('content/pages/pricing.json › page.heading: expected text, got a number')
    expect(panel.textContent).toContain('dernière version construite')
    expect((panel as HTMLElement).style.position).toBe('fixed')
    expect(document.querySelector('h1')?.textContent).toBe('Tarifs')

    events.deliver('build-error', { message: 'content/site.json › tagline: missing; expected text' })
    expect(document.querySelectorAll('[role="alert"]')).toHaveLength(1)
    expect(panel.textContent).toContain('content/site.json › tagline: missing; expected text')
    expect(panel.textContent).not.toContain('pricing.json')
  })
})
