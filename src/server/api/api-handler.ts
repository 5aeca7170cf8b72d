import type { IncomingMessage, ServerResponse } from 'node:http'

export interface ApiOptions {
  dataDir: string
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
  response.end(JSON.stringify(body))
}

const ENDPOINTS = new Set(['/newsletter', '/contact', '/ai/generate'])

/** The stand-in API under `/api` that `npm start` serves beside the static site. */
export function createApiHandler(_options: ApiOptions) {
  return async function handleApi(request: IncomingMessage, response: ServerResponse, apiPath: string): Promise<void> {
    if (!ENDPOINTS.has(apiPath)) {
      sendJson(response, 404, { error: 'not_found' })
      return
    }
    if (request.method !== 'POST') {
      response.setHeader('allow', 'POST')
      sendJson(response, 405, { error: 'method_not_allowed' })
      return
    }
    sendJson(response, 501, { error: 'not_implemented' })
  }
}
