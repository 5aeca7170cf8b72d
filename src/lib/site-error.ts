export interface SiteErrorInit {
  statusCode?: number
  statusMessage?: string
  message?: string
  data?: unknown
  fatal?: boolean
  cause?: unknown
}

/** An error carrying an HTTP-like status, as the original site's error views expect. */
export class SiteError extends Error {
  readonly statusCode: number
  readonly statusMessage: string | undefined
  readonly data: unknown
  readonly fatal: boolean

  constructor(init: SiteErrorInit) {
    super(init.message ?? init.statusMessage ?? '', { cause: init.cause })
    this.name = 'SiteError'
    const code = Number(init.statusCode ?? 500)
    this.statusCode = Number.isInteger(code) && code >= 100 && code <= 999 ? code : 500
    this.statusMessage = init.statusMessage
    this.data = init.data
    this.fatal = init.fatal ?? false
  }
}

export function isSiteError(value: unknown): value is SiteError {
  return value instanceof SiteError
}

/** The 404 a page answers when its payload is missing or fails validation. */
export function pageNotFoundError(fullPath: string): SiteError {
  return new SiteError({
    statusCode: 404,
    statusMessage: `Page Not Found: ${fullPath}`,
    data: { path: fullPath },
  })
}
