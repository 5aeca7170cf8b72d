import { parseTrustProxy, type TrustProxy } from './client-address'
import { DEFAULT_RATE_LIMITS, type LimitedRoute, type RateLimits } from './rate-limit'

export type Env = Record<string, string | undefined>

/** The API's own settings, read from the environment on every platform (README, "L'API"). */
export interface ApiConfig {
  /** Origins whose pages may call the API: `SITE_URL`'s, plus `API_ALLOWED_ORIGINS`. */
  allowedOrigins: Set<string>
  rateLimits: RateLimits
  trustProxy: TrustProxy
}

const DEFAULT_SITE_URL = 'https://www.ludora.fr'

function originOf(url: string): string | undefined {
  try {
    const origin = new URL(url).origin
    return origin === 'null' ? undefined : origin
  } catch {
    return undefined
  }
}

/** `contact=5,newsletter=5,generate=10`: requests per minute and per client; unnamed routes keep theirs. */
function parseRateLimits(value: string | undefined, problems: string[]): RateLimits {
  const limits = { ...DEFAULT_RATE_LIMITS }
  for (const entry of (value ?? '').split(',').map((item) => item.trim()).filter(Boolean)) {
    const [route = '', count = ''] = entry.split('=').map((part) => part.trim())
    if (!(route in limits) || !/^[1-9]\d{0,6}$/.test(count)) problems.push(`API_RATE_LIMITS : « ${entry} » ignoré (attendu contact=5,newsletter=5,generate=10).`)
    else limits[route as LimitedRoute] = Number(count)
  }
  return limits
}

/** Reads the settings; what cannot be understood is listed in `problems` and the safe default kept. */
export function readApiConfig(env: Env): { config: ApiConfig; problems: string[] } {
  const problems: string[] = []
  const allowedOrigins = new Set<string>()
  for (const url of [env.SITE_URL || DEFAULT_SITE_URL, ...(env.API_ALLOWED_ORIGINS ?? '').split(/[\s,]+/).filter(Boolean)]) {
    const origin = originOf(url)
    if (origin) allowedOrigins.add(origin)
    else problems.push(`Origine « ${url} » ignorée : ce n'est pas une adresse http(s) complète.`)
  }
  let trustProxy = parseTrustProxy(env.TRUST_PROXY)
  if (!trustProxy) {
    problems.push(`TRUST_PROXY : « ${env.TRUST_PROXY} » ignoré (attendu un nombre de proxys, ou cloudflare) ; l'adresse de connexion fait foi.`)
    trustProxy = { kind: 'none' }
  }
  return { config: { allowedOrigins, rateLimits: parseRateLimits(env.API_RATE_LIMITS, problems), trustProxy }, problems }
}
