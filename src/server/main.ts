import { getRequestListener } from '@hono/node-server'
import { readFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readApiConfig, type Env } from './api/api-config'
import { clientAddress } from './api/client-address'
import { createContentEditorHandler, EDITOR_CONFIG_PATH, LOCAL_BACKEND_PATH, withLocalBackend, type ContentEditorOptions } from './content-editor/local-backend'
import { createApi } from './api/create-api'
import { createMemoryRateLimiter } from './api/rate-limit'
import path, { join } from 'node:path'
import type { Delivery } from './delivery/delivery'
import { describeDelivery } from './delivery/delivery-config'
import { createNodeDelivery } from './delivery/node-delivery'
import { buildErrorEvent, LIVE_RELOAD_SCRIPT } from './live-reload-script'
import { createStaticHandler } from './static-server'

/** How long a client may take; Node's defaults (5 minutes for a request) let a slow client hold a socket. */
export interface ServerTimeouts {
  /** To send all the request headers. */
  headersMs: number
  /** To send the whole request, body included. */
  requestMs: number
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number
  /** How often Node looks for connections past those limits. */
  checkIntervalMs: number
  /** On shutdown, how long requests in flight may take to finish before their connections are cut. */
  drainMs: number
}

export const DEFAULT_TIMEOUTS: ServerTimeouts = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000, checkIntervalMs: 1_000, drainMs: 5_000 }

export interface SiteServerOptions {
  root: string
  port: number
  host?: string
  dataDir: string
  /** Watch mode: serves a live-reload script and its event stream under /_dev. */
  liveReload?: boolean
  /** The API's settings (SITE_URL, API_ALLOWED_ORIGINS, API_RATE_LIMITS, TRUST_PROXY, LLM_*). */
  env?: Env
  timeouts?: Partial<ServerTimeouts>
  /** Where contact requests and sign-ups go: the channels `env` configures (README), through the outbox in `dataDir`. */
  delivery?: Delivery
  /** Watch mode: the /admin editor saves through this server into these files (never in production). */
  contentEditor?: ContentEditorOptions
}

function sendText(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' }).end(text)
}

/**
 * The path as the client sent it, decoded, or the status that refuses it: 400 for a malformed
 * percent-encoding, 404 for `//…` (a scheme-relative reference names another host, not one of our paths).
 */
export function requestPath(url: string | undefined): { path: string } | { status: 400 | 404 } {
  const raw = (url ?? '').split('?')[0]!
  if (!raw.startsWith('/')) return { status: 400 }
  if (raw.startsWith('//')) return { status: 404 }
  try {
    return { path: decodeURIComponent(raw) }
  } catch {
    return { status: 400 }
  }
}

/** `npm start`: `dist/` served like a static bucket, the API under `/api`, bounded in time and size. */
export async function startSiteServer({
  root,
  port,
  host = '127.0.0.1',
  dataDir,
  liveReload = false,
  env = process.env,
  timeouts = {},
  delivery = createNodeDelivery({ env, dataDir }),
  contentEditor,
}: SiteServerOptions) {
  const limits = { ...DEFAULT_TIMEOUTS, ...timeouts }
  const { config, problems } = readApiConfig(env)
  for (const problem of problems) console.warn(problem)
  // The server's own origins join the allow-list once it listens (its port may be chosen by the system).
  const allowedOrigins = new Set(config.allowedOrigins)
  const api = createApi({ generator: { env }, allowedOrigins })
  const rateLimiter = createMemoryRateLimiter({ limits: config.rateLimits })
  const handleApi = getRequestListener((request, { incoming }) => api(request, { address: clientAddress(incoming.socket.remoteAddress, request.headers, config.trustProxy), delivery, rateLimiter }), {
    overrideGlobalObjects: false,
  })
  const reloadClients = new Set<ServerResponse>()
  /** Why the last build failed, told to pages that connect until a build succeeds. */
  let buildError: string | undefined
  let servedRoot = root
  let serveStatic = createStaticHandler(root)
  const editor = contentEditor && createContentEditorHandler(contentEditor)
  /** The server's own origins and host names, once it listens: the only pages the editor's backend serves. */
  const own = { origins: new Set<string>(), hosts: new Set<string>() }

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const target = requestPath(request.url)
    if ('status' in target) return sendText(response, target.status, target.status === 400 ? 'Bad Request' : 'Not Found')
    const { path } = target
    if (path === '/api' || path.startsWith('/api/')) return handleApi(request, response)
    if (editor && path === LOCAL_BACKEND_PATH) return editor(request, response, own)
    if (editor && path === EDITOR_CONFIG_PATH && request.method === 'GET') {
      const config = await readFile(join(servedRoot, EDITOR_CONFIG_PATH), 'utf8')
      response.writeHead(200, { 'content-type': 'text/yaml; charset=utf-8', 'cache-control': 'no-store' }).end(withLocalBackend(config, url))
      return
    }
    if (liveReload && path === '/_dev/live-reload.js') {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' }).end(LIVE_RELOAD_SCRIPT)
      return
    }
    if (liveReload && path === '/_dev/events') {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' })
      response.write(': connected\n\n')
      if (buildError !== undefined) response.write(buildErrorEvent(buildError))
      reloadClients.add(response)
      request.on('close', () => reloadClients.delete(response))
      return
    }
    return serveStatic(request, response, path)
  }

  const server = createServer(
    { headersTimeout: limits.headersMs, requestTimeout: limits.requestMs, keepAliveTimeout: limits.keepAliveMs, connectionsCheckingInterval: limits.checkIntervalMs },
    (request, response) => {
      handle(request, response).catch((error: unknown) => {
        console.error('Request failed:', error)
        if (!response.headersSent) sendText(response, 500, 'Internal Server Error')
        else response.destroy()
      })
    },
  )
  // A keep-alive connection serves a bounded number of requests, then the client opens a new one.
  server.maxRequestsPerSocket = 1000

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, resolve)
  })
  const address = server.address() as AddressInfo
  const url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`
  allowedOrigins.add(url)
  own.origins.add(url)
  own.hosts.add(new URL(url).host)
  if (['127.0.0.1', '::1', '::', '0.0.0.0'].includes(address.address)) {
    allowedOrigins.add(`http://localhost:${address.port}`)
    own.origins.add(`http://localhost:${address.port}`)
    own.hosts.add(`localhost:${address.port}`)
  }

  let closing: Promise<void> | undefined
  return {
    url,
    deliverySummary: describeDelivery(env, { runtime: 'node', dataDir: path.relative(process.cwd(), dataDir) || '.' }).summary,
    /**
     * Watch mode: serves `nextRoot` from now on (a complete build), files missing there from `previousRoots`,
     * and tells the open pages to reload.
     */
    notifyReload(nextRoot: string = root, previousRoots: readonly string[] = []) {
      servedRoot = nextRoot
      serveStatic = createStaticHandler(nextRoot, previousRoots)
      buildError = undefined
      for (const client of reloadClients) client.write('event: reload\ndata: {}\n\n')
    },
    /** Watch mode: a build failed; the open pages keep the last good build and show why (`message`). */
    notifyBuildError(message: string) {
      buildError = message
      for (const client of reloadClients) client.write(buildErrorEvent(message))
    },
    /** Stops taking connections, lets requests in flight finish (up to `drainMs`), then closes delivery. */
    close(): Promise<void> {
      closing ??= (async () => {
        for (const client of reloadClients) client.end()
        const closed = new Promise<void>((resolve) => server.close(() => resolve()))
        server.closeIdleConnections()
        let timer: NodeJS.Timeout | undefined
        await Promise.race([closed, new Promise<void>((resolve) => (timer = setTimeout(resolve, limits.drainMs)))])
        clearTimeout(timer)
        server.closeAllConnections()
        await closed
        await delivery.close()
      })()
      return closing
    },
  }
}

export type SiteServer = Awaited<ReturnType<typeof startSiteServer>>
