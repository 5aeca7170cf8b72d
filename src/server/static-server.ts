import { createReadStream, type Stats } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'

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
  '.yml': 'text/yaml; charset=utf-8',
  '.wasm': 'application/wasm',
}

/** Hashed file names never change content: cached for a year. Everything else is revalidated. */
const IMMUTABLE_PREFIX = '/_app/assets/'

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

async function fileStats(file: string): Promise<Stats | undefined> {
  try {
    const stats = await stat(file)
    return stats.isFile() ? stats : undefined
  } catch {
    return undefined
  }
}

/** Host configuration and private files: what a bucket must not hand out, though they sit in `dist/`. */
function isHidden(decodedPath: string): boolean {
  return decodedPath.split('/').some((segment) => segment.startsWith('.')) || /^\/_(headers|redirects)$/.test(decodedPath)
}

export interface StaticFile {
  file: string
  stats: Stats
  status: 200 | 404
}

/**
 * A bucket's lookup for an already decoded path: the file, else `<path>/index.html`, else `404.html` with
 * status 404. Hidden files and anything outside the root are not found. `fallbackRoots` are looked in
 * after `root`: in watch mode, the previous build, whose chunks a page loaded just before a rebuild asks for.
 */
export async function resolveStaticFile(root: string, decodedPath: string, fallbackRoots: readonly string[] = []): Promise<StaticFile | undefined> {
  for (const base of isHidden(decodedPath) ? [] : [root, ...fallbackRoots]) {
    const target = path.resolve(base, '.' + path.posix.normalize('/' + decodedPath))
    if (target !== base && !target.startsWith(base + path.sep)) continue
    for (const file of [target, path.join(target, 'index.html')]) {
      const stats = await fileStats(file)
      if (stats) return { file, stats, status: 200 }
    }
  }
  const notFound = path.join(root, '404.html')
  const stats = await fileStats(notFound)
  return stats ? { file: notFound, stats, status: 404 } : undefined
}

/** Weak: derived from size and modification time, not from the bytes. */
export function entityTag(stats: Stats): string {
  return `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`
}

/** RFC 9110 §13.1: If-None-Match (weak comparison) wins over If-Modified-Since. */
export function isNotModified(request: IncomingMessage, etag: string, modified: Date): boolean {
  const ifNoneMatch = request.headers['if-none-match']
  if (ifNoneMatch !== undefined) {
    const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
    return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag))
  }
  const since = Date.parse(request.headers['if-modified-since'] ?? '')
  return Number.isFinite(since) && Math.floor(modified.getTime() / 1000) <= Math.floor(since / 1000)
}

/** Serves one build directory the way a static bucket does, with validators and cache headers on every file. */
export function createStaticHandler(rootDir: string, fallbackRootDirs: readonly string[] = []) {
  const root = path.resolve(rootDir)
  const fallbackRoots = fallbackRootDirs.map((dir) => path.resolve(dir))
  let headerRules: Promise<HeaderRule[]> | undefined
  const loadHeaderRules = () =>
    (headerRules ??= readFile(path.join(root, '_headers'), 'utf8')
      .then(parseHeadersFile)
      .catch(() => []))

  /** `decodedPath` is the request path, percent-decoded and checked by the caller. */
  return async function serveStatic(request: IncomingMessage, response: ServerResponse, decodedPath: string): Promise<void> {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Method Not Allowed')
      return
    }
    const found = await resolveStaticFile(root, decodedPath, fallbackRoots)
    if (!found) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' }).end('Not Found')
      return
    }
    const headers: Record<string, string> = {
      'content-type': CONTENT_TYPES[path.extname(found.file)] ?? 'application/octet-stream',
      'cache-control': found.status === 200 && decodedPath.startsWith(IMMUTABLE_PREFIX) ? 'public, max-age=31536000, immutable' : 'no-cache',
    }
    for (const rule of await loadHeaderRules()) {
      if (rule.pattern.test(decodedPath) || (found.file.endsWith('.html') && rule.pattern.test(decodedPath.replace(/\/?$/, '/index.html')))) {
        for (const [name, value] of rule.headers) headers[name.toLowerCase()] = value
      }
    }
    // The not-found page answers any path, including an asset's: it must never be cached as that asset.
    if (found.status !== 200) headers['cache-control'] = 'no-cache'
    if (found.status === 200) {
      headers.etag = entityTag(found.stats)
      headers['last-modified'] = found.stats.mtime.toUTCString()
      if (isNotModified(request, headers.etag, found.stats.mtime)) {
        delete headers['content-type']
        response.writeHead(304, headers).end()
        return
      }
    }
    headers['content-length'] = String(found.stats.size)
    response.writeHead(found.status, headers)
    if (request.method === 'HEAD') {
      response.end()
      return
    }
    // A file removed between the lookup and the read (a rebuild) ends this answer, not the server.
    await pipeline(createReadStream(found.file), response).catch(() => response.destroy())
  }
}

export type StaticHandler = ReturnType<typeof createStaticHandler>
