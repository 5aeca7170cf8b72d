import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { secureHeaders } from 'hono/secure-headers'
import { ValidationError, type AnyObjectSchema } from 'yup'
import { generatorFormSchema, type GeneratorRequest } from '#src/features/ai-generator/experience-schema'
import { contactSchema } from '#src/features/contact-form/contact-schema'
import { newsletterSchema } from '#src/features/newsletter/newsletter-schema'
import { MIN_FILL_TIME_MS } from '#src/lib/post-json'
import { readBounded } from '#src/lib/read-bounded'
import { createSubmission, DeliveryError, type Delivery, type SubmissionKind } from '#src/server/delivery/delivery'
import { generateExperience, GenerationError, type GeneratorOptions } from '#src/server/generator/generate-experience'
import type { LimitedRoute, RateLimiter } from './rate-limit'
import { checkFields, MAX_BODY_BYTES, parseJsonObject, RequestRefused, type Reasons } from './request-body'

export interface ApiOptions {
  /** Where the generator reads its settings (LLM_*), and the fetch it calls a model with. */
  generator?: Omit<GeneratorOptions, 'signal'>
  /** Origins whose pages may call the API. Read on every request: a server may add its own once listening. */
  allowedOrigins: ReadonlySet<string>
  /** Also allow a page of the API's own origin (the request URL's): right on a platform that routes by host name. */
  allowSameOrigin?: boolean
  /** Where the API is mounted: every platform serves it under `/api`, as the site calls it by default. */
  basePath?: string
  /** A form sent faster than this was not filled in by a person (the client holds back until 2 s). */
  minFillTimeMs?: number
}

/**
 * What the platform hands the API with each request. On Workers an I/O object (a signal, a stream, a
 * binding's pending call) cannot serve two requests, so these are built per request there; Node passes
 * the same delivery and rate limiter every time. See docs/decisions/030.
 */
export interface ApiContext {
  /** The caller's address as the platform saw it, already resolved through trusted proxies. */
  address: string
  /** Where this request's contact request or sign-up goes. */
  delivery: Delivery
  rateLimiter: RateLimiter
}

export type ApiFetch = (request: Request, context: ApiContext) => Promise<Response>

interface FormRoute {
  kind: SubmissionKind
  limit: LimitedRoute
  schema: AnyObjectSchema
  answer: Record<string, string>
}

const FORM_ROUTES: Record<string, FormRoute> = {
  '/contact': { kind: 'contact', limit: 'contact', schema: contactSchema, answer: { status: 'sent' } },
  '/newsletter': { kind: 'newsletter', limit: 'newsletter', schema: newsletterSchema, answer: { status: 'registered' } },
}
const GENERATE_PATH = '/ai/generate'

/** The anti-bot signals every form sends besides its fields (src/lib/post-json.ts, `submitForm`). */
const BOT_SIGNALS = { website: 'string', elapsedMs: 'number' } as const

type ApiEnv = { Bindings: ApiContext; Variables: { body: string } }

const invalid = (c: Context, reasons: Reasons) => c.json({ error: 'invalid', reasons }, 400)

/** Field → first French message, for a 400 the client can show. */
function validationReasons(error: ValidationError): Reasons {
  const reasons: Reasons = {}
  for (const inner of error.inner.length ? error.inner : [error]) reasons[inner.path ?? 'body'] ??= inner.message
  return reasons
}

/** `application/json`, with or without parameters (`; charset=utf-8`). */
function isJson(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json'
}

/**
 * The API, written once against the Fetch standard and served by Node (`npm start`), a Cloudflare Worker
 * and a Netlify Function. Every POST goes through the contract's checks in order: method (405), content
 * type (415), origin (403), rate limit (429), then parsing and validation (413/400), then the anti-bot
 * checks. Answers are JSON only.
 */
export function createApi({ generator = {}, allowedOrigins, allowSameOrigin = false, basePath = '/api', minFillTimeMs = MIN_FILL_TIME_MS }: ApiOptions): ApiFetch {
  const isAllowed = (origin: string, request: Request) => allowedOrigins.has(origin) || (allowSameOrigin && origin === new URL(request.url).origin)

  const app = new Hono<ApiEnv>().basePath(basePath)

  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      // Pages of other allowed origins read these answers through CORS.
      crossOriginResourcePolicy: false,
      crossOriginOpenerPolicy: false,
    }),
  )

  // CORS: a site on a bucket may call an API deployed at another origin, if that origin is allowed.
  app.use('*', async (c, next) => {
    await next()
    c.header('cache-control', 'no-store')
    c.header('vary', 'Origin')
    const origin = c.req.header('origin')
    if (origin && isAllowed(origin, c.req.raw)) {
      c.header('access-control-allow-origin', origin)
      c.header('access-control-expose-headers', 'Retry-After')
    }
  })

  const checkMethod: MiddlewareHandler<ApiEnv> = async (c, next) => {
    if (c.req.method === 'POST') return next()
    if (c.req.method !== 'OPTIONS') {
      c.header('allow', 'POST, OPTIONS')
      return c.json({ error: 'method_not_allowed' }, 405)
    }
    const origin = c.req.header('origin')
    if (origin && !isAllowed(origin, c.req.raw)) return c.json({ error: 'forbidden_origin' }, 403)
    c.header('allow', 'POST, OPTIONS')
    c.header('access-control-allow-methods', 'POST')
    c.header('access-control-allow-headers', 'Content-Type')
    c.header('access-control-max-age', '600')
    return c.body(null, 204)
  }

  const checkContentType: MiddlewareHandler<ApiEnv> = async (c, next) => {
    if (isJson(c.req.header('content-type'))) return next()
    return c.json({ error: 'unsupported_media_type', reasons: { 'content-type': 'Envoyez les champs en JSON (Content-Type: application/json).' } }, 415)
  }

  // Requests without Origin come from no browser page (curl, a server): nothing to forge there, they pass
  // and the rate limit still applies (docs/decisions/017-api-abuse-limits.md).
  const checkOrigin: MiddlewareHandler<ApiEnv> = async (c, next) => {
    const origin = c.req.header('origin')
    if (origin === undefined || isAllowed(origin, c.req.raw)) return next()
    return c.json({ error: 'forbidden_origin' }, 403)
  }

  const checkRate =
    (route: LimitedRoute): MiddlewareHandler<ApiEnv> =>
    async (c, next) => {
      const decision = await c.env.rateLimiter.take(route, c.env.address)
      if (decision.allowed) return next()
      c.header('retry-after', String(decision.retryAfterSeconds))
      return c.json({ error: 'rate_limited', retryAfter: decision.retryAfterSeconds }, 429)
    }

  // The body, read as it comes and never past 32 KB, its length declared or not. Hono's own bodyLimit rebuilds
  // the request with `new Request(request)` when no length is declared, which the Node adapter's requests do
  // not survive: every body sent in chunks got a 500.
  const limitBody: MiddlewareHandler<ApiEnv> = async (c, next) => {
    const declared = Number(c.req.header('content-length'))
    const body = c.req.raw.body
    const bytes = declared > MAX_BODY_BYTES ? undefined : body ? await readBounded(body, MAX_BODY_BYTES) : new Uint8Array()
    if (!bytes) return c.json({ error: 'too_large', reasons: { body: 'La requête dépasse 32 Ko.' } }, 413)
    c.set('body', new TextDecoder().decode(bytes))
    return next()
  }

  const guards = (route: LimitedRoute) => [checkMethod, checkContentType, checkOrigin, checkRate(route), limitBody] as const

  /** Parses, type-checks, then validates with the form's own schema; RequestRefused or ValidationError otherwise. */
  async function readValid(c: Context<ApiEnv>, schema: AnyObjectSchema, extra: Record<string, 'string' | 'number'>) {
    const body = parseJsonObject(c.get('body'))
    const reasons = checkFields(body, schema, extra)
    if (Object.keys(reasons).length) throw new RequestRefused(reasons)
    const fields = Object.fromEntries(Object.keys(schema.fields).filter((key) => Object.hasOwn(body, key)).map((key) => [key, body[key]]))
    return { body, valid: (await schema.validate(fields, { abortEarly: false, stripUnknown: true })) as Record<string, unknown> }
  }

  for (const [path, route] of Object.entries(FORM_ROUTES)) {
    app.all(path, ...guards(route.limit), async (c) => {
      const { body, valid } = await readValid(c, route.schema, BOT_SIGNALS)
      // A bot gets the very answer a person gets, and nothing is delivered: it learns nothing to adapt to.
      const looksLikeBot = Boolean(body.website) || typeof body.elapsedMs !== 'number' || body.elapsedMs < minFillTimeMs
      if (!looksLikeBot) await c.env.delivery.accept(createSubmission(route.kind, valid as Record<string, string>))
      return c.json(route.answer, 201)
    })
  }

  app.all(GENERATE_PATH, ...guards('generate'), async (c) => {
    const { valid } = await readValid(c, generatorFormSchema, {})
    // The visitor's disconnect aborts the model call with the request.
    return c.json(await generateExperience(valid as GeneratorRequest, { ...generator, signal: c.req.raw.signal }), 200)
  })

  app.notFound((c) => c.json({ error: 'not_found' }, 404))

  app.onError((error, c) => {
    if (error instanceof RequestRefused) return invalid(c, error.reasons)
    if (error instanceof ValidationError) return invalid(c, validationReasons(error))
    if (error instanceof DeliveryError) return c.json({ error: 'delivery_failed' }, 503)
    if (error instanceof GenerationError) {
      if (error.status === 503 && error.retryAfterSeconds) c.header('retry-after', String(error.retryAfterSeconds))
      return c.json({ error: 'generation_failed', reasons: { generator: error.message } }, error.status)
    }
    // The visitor left, or the server cut a client too slow to send its request (Node answers it 408): the
    // read of its body failed, and no one is there to read an answer.
    if (c.req.raw.signal.aborted) return c.body(null, 408)
    console.error('API :', error)
    return c.json({ error: 'internal' }, 500)
  })

  return async (request, context) => app.fetch(request, context)
}
