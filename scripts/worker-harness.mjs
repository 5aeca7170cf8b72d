// What surrounds the API Worker when it runs in workerd (Miniflare) for its platform test and its bench:
// a receiver standing in for the webhooks, Brevo and a model, and visitors posting forms. Both are Workers
// of their own, so that nothing makes a round trip through Node for each request.

/**
 * Records every POST it gets (URL, headers, body, the status it answered). URLs starting with one of the
 * `down` prefixes answer 503; POST https://receiver.test/down replaces that list; any request to
 * receiver.test answers the records so far. A request to model.test gets `completion`.
 * @param {{ completion?: string, down?: string[] }} options
 */
export function receiverScript({ completion = '{}', down = [] } = {}) {
  return `
const COMPLETION = ${JSON.stringify(completion)}
const received = []
let down = ${JSON.stringify(down)}
export default {
  async fetch(request) {
    const url = new URL(request.url)
    if (url.hostname === 'receiver.test') {
      if (url.pathname === '/down') down = await request.json()
      return Response.json(received)
    }
    if (url.hostname === 'model.test') return new Response(COMPLETION, { headers: { 'content-type': 'application/json' } })
    const status = down.some((prefix) => request.url.startsWith(prefix)) ? 503 : url.hostname === 'brevo.test' ? 201 : 204
    received.push({ url: request.url, headers: Object.fromEntries(request.headers), body: await request.text(), status })
    return new Response(status === 503 ? 'indisponible' : null, { status })
  },
}`
}

/**
 * Posts the forms it is given to the Worker bound under the name it is told, one after the other or all at
 * once, as visitors from `origin`; answers each one's status, body and time in milliseconds. Each post is
 * a request of its own for the Worker, as from Cloudflare's edge.
 * @param {string} origin
 */
export function visitorsScript(origin) {
  return `export default {
  async fetch(request, env) {
    const { worker, posts, mode } = await request.json()
    const send = async ({ path, body, address }) => {
      const started = Date.now()
      const response = await env[worker].fetch('https://api.ludora.fr/api' + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ${JSON.stringify(origin)}, 'cf-connecting-ip': address },
        body: JSON.stringify(body),
      })
      return { status: response.status, body: await response.text(), ms: Date.now() - started }
    }
    const answers = []
    if (mode === 'concurrent') answers.push(...(await Promise.all(posts.map(send))))
    else for (const post of posts) answers.push(await send(post))
    return Response.json(answers)
  },
}`
}

/** The two Workers, for Miniflare's `workers`: the visitors reach each of `targets` by a service binding. */
export function harnessWorkers({ targets, origin, completion, down }) {
  return [
    { name: 'receiver', modules: true, script: receiverScript({ completion, down }), compatibilityDate: '2025-07-18', routes: ['receiver.test/*'] },
    { name: 'visitors', modules: true, script: visitorsScript(origin), compatibilityDate: '2025-07-18', routes: ['visitors.test/*'], serviceBindings: Object.fromEntries(targets.map((name) => [name, name])) },
  ]
}

/**
 * Miniflare's `dispatchFetch` on a connection of its own. Miniflare keeps its connections to workerd alive,
 * and workerd closes one left idle for 5 s; the client drops it first (after 4 s) only if its thread is free
 * at that moment. When the test's thread is busy past that second, the next request goes out on a closed
 * connection and fails ("other side closed", EPIPE or ECONNRESET) before workerd sees it. A request that
 * closes its connection leaves none idle.
 * @param {import('miniflare').Miniflare} miniflare
 * @param {string} url
 * @param {RequestInit & { headers?: Record<string, string> }} [init]
 */
export function dispatchOnOwnConnection(miniflare, url, init = {}) {
  return miniflare.dispatchFetch(url, { ...init, headers: { ...init.headers, connection: 'close' } })
}

/**
 * @param {import('miniflare').Miniflare} miniflare
 * @param {string} worker
 * @param {{ path: string, body: unknown, address: string }[]} posts
 * @param {'sequential' | 'concurrent'} mode
 * @returns {Promise<{ status: number, body: string, ms: number }[]>}
 */
export async function postForms(miniflare, worker, posts, mode) {
  const response = await dispatchOnOwnConnection(miniflare, 'https://visitors.test/', { method: 'POST', body: JSON.stringify({ worker, posts, mode }) })
  return response.json()
}

/**
 * What the receiver got so far; `down`, when given, first replaces the URL prefixes that answer 503.
 * @param {import('miniflare').Miniflare} miniflare
 * @param {string[]} [down]
 * @returns {Promise<{ url: string, headers: Record<string, string>, body: string, status: number }[]>}
 */
export async function receivedPosts(miniflare, down) {
  const response = await dispatchOnOwnConnection(miniflare, down ? 'https://receiver.test/down' : 'https://receiver.test/', down ? { method: 'POST', body: JSON.stringify(down) } : {})
  return response.json()
}
