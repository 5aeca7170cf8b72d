import { createReadStream } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
}

interface HeaderRule {
  pattern: RegExp
  headers: [string, string][]
}

/** Parses `_headers` (Netlify / Cloudflare Pages format) so the local server sends what those hosts send. */
export function parseHeadersFile(source: string): HeaderRule[] {
  const rules: HeaderRule[] = []
  let current: HeaderRule | undefined
  for (const line of source.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue
    if (!/^\s/.test(line)) {
      const escaped = line.trim().replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')
      current = { pattern: new RegExp(`^${escaped}$`), headers: [] }
      rules.push(current)
      continue
    }
    const separator = line.indexOf(':')
    if (current && separator > 0) current.headers.push([line.slice(0, separator).trim(), line.slice(separator + 1).trim()])
  }
  return rules
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile()
  } catch {
    return false
  }
}

/** A bucket's lookup: the file, else `<path>/index.html`, else `404.html` with status 404. */
export async function resolveStaticFile(root: string, urlPath: string): Promise<{ file: string; status: number } | undefined> {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    decoded = '/'
  }
  const target = path.resolve(root, '.' + path.posix.normalize('/' + decoded))
  if (target === root || target.startsWith(root + path.sep)) {
    if (await isFile(target)) return { file: target, status: 200 }
    const index = path.join(target, 'index.html')
    if (await isFile(index)) return { file: index, status: 200 }
  }
  const notFound = path.join(root, '404.html')
  return (await isFile(notFound)) ? { file: notFound, status: 404 } : undefined
}

export function createStaticHandler(rootDir: string) {
  const root = path.resolve(rootDir)
  let headerRules: Promise<HeaderRule[]> | undefined
  const loadHeaderRules = () =>
    (headerRules ??= readFile(path.join(root, '_headers'), 'utf8')
      .then(parseHeadersFile)
      .catch(() => []))

  return async function serveStatic(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Method Not Allowed')
      return
    }
    const urlPath = new URL(request.url ?? '/', 'http://localhost').pathname
    const found = await resolveStaticFile(root, urlPath)
    if (!found) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found')
      return
    }
    const headers: Record<string, string> = {
      'content-type': CONTENT_TYPES[path.extname(found.file)] ?? 'application/octet-stream',
    }
    for (const rule of await loadHeaderRules()) {
      if (rule.pattern.test(urlPath) || (found.file.endsWith('.html') && rule.pattern.test(urlPath.replace(/\/?$/, '/index.html')))) {
        for (const [name, value] of rule.headers) headers[name.toLowerCase()] = value
      }
    }
    response.writeHead(found.status, headers)
    if (request.method === 'HEAD') response.end()
    else createReadStream(found.file).pipe(response)
  }
}

export type StaticHandler = ReturnType<typeof createStaticHandler>
