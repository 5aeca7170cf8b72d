/**
 * Watch mode's script in every page (`/_dev/live-reload.js`): reloads the page when a new build is served,
 * and when a build fails, lays the reason over the page, which keeps showing the last good build. Styles
 * are set through the CSSOM, which the pages' security policy allows (a `style` attribute it would not).
 */
export const LIVE_RELOAD_SCRIPT = `const events = new EventSource('/_dev/events')
events.addEventListener('reload', () => location.reload())
events.addEventListener('build-error', (event) => {
  const { message } = JSON.parse(event.data)
  let panel = document.getElementById('ludora-build-error')
  if (!panel) {
    panel = document.createElement('div')
    panel.id = 'ludora-build-error'
    panel.setAttribute('role', 'alert')
    Object.assign(panel.style, {
      position: 'fixed', top: '0', left: '0', right: '0', zIndex: '2147483647', maxHeight: '70vh', overflow: 'auto',
      margin: '0', padding: '1rem 1.25rem', background: '#fff4f2', color: '#5c0b0b', borderBottom: '4px solid #b3261e',
      font: '14px/1.5 ui-monospace, SFMono-Regular, Menlo, monospace', whiteSpace: 'pre-wrap', textAlign: 'left',
    })
    document.body.append(panel)
  }
  panel.textContent = 'La construction a échoué : cette page montre la dernière version construite.\\n\\n' + message
})
`

/** The server-sent event that tells open pages why the build failed. */
export function buildErrorEvent(message: string): string {
  return `event: build-error\ndata: ${JSON.stringify({ message })}\n\n`
}
