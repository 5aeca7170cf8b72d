/**
 * Route rules of the build manifest, in the radix-style export shape the original used:
 * `static` exact paths, `wildcard` prefixes (`/x/**` → key `/x`, `/**` → key ``) and nested `dynamic`
 * tables for `:param` segments. Matching follows the original: one trailing slash ignored,
 * case-sensitive, least specific first, most specific wins per key.
 */
export interface RouteRule {
  redirect?: string
  prerender?: boolean
  appMiddleware?: Record<string, boolean>
}

export interface RuleTable {
  static: Record<string, RouteRule>
  wildcard: Record<string, RouteRule>
  dynamic: Record<string, RuleTable>
}

export type RouteRuleInput = Record<string, { redirect?: string; prerender?: boolean; appMiddleware?: string | string[] | Record<string, boolean> }>

function emptyTable(): RuleTable {
  return { static: {}, wildcard: {}, dynamic: {} }
}

/** Keeps only truthy redirect, prerender and appMiddleware values, as the original manifest did. */
function normaliseRule(input: RouteRuleInput[string]): RouteRule | undefined {
  const rule: RouteRule = {}
  if (input.redirect) rule.redirect = input.redirect
  if (input.prerender) rule.prerender = true
  const middleware = input.appMiddleware
  if (typeof middleware === 'string') rule.appMiddleware = { [middleware]: true }
  else if (Array.isArray(middleware)) rule.appMiddleware = Object.fromEntries(middleware.map((name) => [name, true]))
  else if (middleware && Object.keys(middleware).length > 0) rule.appMiddleware = { ...middleware }
  return Object.keys(rule).length > 0 ? rule : undefined
}

function insert(table: RuleTable, pattern: string, rule: RouteRule): void {
  const segments = pattern.split('/')
  const dynamicIndex = segments.findIndex((segment, index) => index > 0 && (segment.startsWith(':') || segment === '*'))
  if (dynamicIndex > 0) {
    const prefix = segments.slice(0, dynamicIndex).join('/')
    const rest = '/' + segments.slice(dynamicIndex + 1).join('/')
    const child = (table.dynamic[prefix] ??= emptyTable())
    insert(child, rest === '/' ? '/' : rest, rule)
    return
  }
  if (pattern === '/**' || pattern.endsWith('/**')) {
    table.wildcard[pattern.slice(0, -3)] = rule
    return
  }
  table.static[pattern] = rule
}

export function compileRouteRules(input: RouteRuleInput): RuleTable {
  const table = emptyTable()
  for (const [pattern, value] of Object.entries(input)) {
    const rule = normaliseRule(value)
    if (rule) insert(table, pattern, rule)
  }
  return table
}

function collect(table: RuleTable, path: string, found: RouteRule[]): void {
  const wildcards = Object.keys(table.wildcard)
    .filter((key) => path === key || path.startsWith(key + '/') || key === '')
    .sort((a, b) => a.length - b.length)
  for (const key of wildcards) found.push(table.wildcard[key]!)
  for (const [prefix, child] of Object.entries(table.dynamic)) {
    if (!path.startsWith(prefix + '/')) continue
    const rest = path.slice(prefix.length + 1)
    const slash = rest.indexOf('/')
    if (slash === 0 || rest === '') continue
    collect(child, slash === -1 ? '/' : rest.slice(slash), found)
  }
  const exact = table.static[path]
  if (exact) found.push(exact)
}

function merge(target: RouteRule, source: RouteRule): RouteRule {
  const merged: RouteRule = { ...target, ...source }
  if (target.appMiddleware || source.appMiddleware) {
    merged.appMiddleware = { ...target.appMiddleware, ...source.appMiddleware }
  }
  return merged
}

/** Trailing slash removed once (except on `/`), query and hash ignored. */
export function normaliseRulePath(path: string): string {
  const bare = path.replace(/[?#].*$/, '') || '/'
  return bare.length > 1 && bare.endsWith('/') ? bare.slice(0, -1) : bare
}

export function matchRouteRules(table: RuleTable, path: string): RouteRule {
  const found: RouteRule[] = []
  collect(table, normaliseRulePath(path), found)
  return found.reduce<RouteRule>(merge, {})
}

/** `https://…`, `//host`, `\\host`, `mailto:…`: at least two characters before the colon, like ufo's hasProtocol. */
export function isExternalTarget(target: string): boolean {
  return /^[\s\w\0+.-]{2,}:([/\\]{1,2})?/.test(target) || /^[/\\]{2}[^/\\]/.test(target)
}

/** Where a redirect rule sends a location: its own hash wins, else the visitor's query and hash carry over. */
export function redirectTarget(target: string, location: { search: string; hash: string }): string {
  if (isExternalTarget(target) || target.includes('#')) return target
  const search = target.includes('?') ? '' : location.search
  return target + search + (location.hash ? `#${location.hash.replace(/^#/, '')}` : '')
}
