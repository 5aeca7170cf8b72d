import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { createApiHandler } from './api/api-handler'
import { describeDelivery } from './delivery/delivery-config'
import { createNodeDelivery } from './delivery/node-delivery'
import { createStaticHandler } from './static-server'

export interface SiteServerOptions {
  root: string
  port: number
  host?: string
  dataDir: string
  /** Delivery channels (FORMS_WEBHOOK_URL, SMTP_*, BREVO_*; see README). */
  env?: Record<string, string | undefined>
  /** Watch mode: serves a live-reload script and its event stream under /_dev. */
  liveReload?: boolean
}

const LIVE_RELOAD_SCRIPT = `new EventSource('/_dev/events').addEventListener('reload', () => location.reload())\n`

export async function startSiteServer({ root, port, host = '127.0.0.1', dataDir, env = process.env, liveReload = false }: SiteServerOptions) {
  const delivery = createNodeDelivery({ env, dataDir })
  const handleApi = createApiHandler({ delivery })
  const reloadClients = new Set<ServerResponse>()
  let serveStatic = createStaticHandler(root)

  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost')
    const reply = async () => {
      if (pathname === '/api' || pathname.startsWith('/api/')) return handleApi(request, response, pathname.slice(4) || '/')
      if (liveReload && pathname === '/_dev/live-reload.js') {
        response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' }).end(LIVE_RELOAD_SCRIPT)
        return
      }
      if (liveReload && pathname === '/_dev/events') {
        response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' })
        response.write(': connected\n\n')
        reloadClients.add(response)
        request.on('close', () => reloadClients.delete(response))
        return
      }
      return serveStatic(request, response)
    }
    reply().catch((error: unknown) => {
      console.error('Request failed:', error)
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
      response.end('Internal Server Error')
    })
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, resolve)
  })
  const address = server.address() as AddressInfo

  return {
    url: `http://${host}:${address.port}`,
    deliverySummary: describeDelivery(env, { dataDir: path.relative(process.cwd(), dataDir) || '.' }).summary,
    notifyReload() {
      serveStatic = createStaticHandler(root)
      for (const client of reloadClients) client.write('event: reload\ndata: {}\n\n')
    },
    close(): Promise<void> {
      for (const client of reloadClients) client.end()
      return new Promise<void>((resolve) => server.close(() => resolve())).then(() => delivery.close())
    },
  }
}
