import type { Experience, GeneratorRequest } from '#src/features/ai-generator/experience-schema'
import { DEADLINE_REASON, generateWithLlm, LlmError, parseModelMap } from './llm-generator'
import { generateOffline } from './offline-generator'
import { assessExperience } from './quality'

type Env = Record<string, string | undefined>

export interface GeneratorOptions {
  env?: Env
  fetch?: typeof fetch
  /** One deadline for the whole model generation, retry included, headers and body alike. */
  timeoutMs?: number
  /** Aborted when the visitor disconnects or cancels: the model call stops with it. */
  signal?: AbortSignal
  /** The largest model answer read before giving up. */
  maxResponseBytes?: number
}

export class GenerationError extends Error {
  constructor(
    readonly status: 502 | 503 | 504,
    message: string,
    /** For a 503: when the upstream expects to take requests again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
  }
}

const DEADLINE_MS = 45_000
/** A model answer that breaks the schema or the quality checks gets one more chance. */
const ATTEMPTS = 2
const RETRIED: ReadonlySet<LlmError['kind']> = new Set(['invalid', 'truncated'])

/** process.env on Node; nothing on runtimes without it (a Worker passes its bindings as `env`). */
function processEnv(): Env {
  return (globalThis as { process?: { env: Env } }).process?.env ?? {}
}

/** Which backend answers: an OpenAI-compatible model when LLM_BASE_URL is set, the offline writer otherwise. */
export function activeGenerator(env: Env = processEnv()): 'llm' | 'offline' {
  return env.LLM_BASE_URL ? 'llm' : 'offline'
}

function toGenerationError(error: LlmError): GenerationError {
  if (error.kind === 'unavailable') return new GenerationError(503, error.message, error.retryAfterSeconds)
  if (error.kind === 'timeout' || error.kind === 'cancelled') return new GenerationError(504, error.message)
  return new GenerationError(502, error.message)
}

/**
 * One experience for an already validated request. The model's answer must pass the schema and the same
 * quality checks as the offline writer's games; it is asked once more with the reasons when it does not,
 * then refused. Throws GenerationError: 503 (with retryAfterSeconds) when the provider is overloaded or
 * down, 504 past the deadline or when the visitor left, 502 otherwise.
 */
export async function generateExperience(input: GeneratorRequest, { env = processEnv(), fetch, timeoutMs = DEADLINE_MS, signal, maxResponseBytes }: GeneratorOptions = {}): Promise<Experience> {
  if (activeGenerator(env) === 'offline') return generateOffline(input)
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(new DOMException('The model did not answer in time', DEADLINE_REASON)), timeoutMs)
  const cancel = () => controller.abort(signal?.reason)
  if (signal?.aborted) cancel()
  else signal?.addEventListener('abort', cancel, { once: true })
  let problems: string[] = []
  try {
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      try {
        const experience = await generateWithLlm(input, {
          baseUrl: env.LLM_BASE_URL ?? '',
          apiKey: env.LLM_API_KEY ?? '',
          models: parseModelMap(env.LLM_MODELS),
          fetch,
          signal: controller.signal,
          maxBytes: maxResponseBytes,
          previousProblems: problems,
        })
        problems = assessExperience(input, experience).problems
        if (problems.length === 0) return experience
      } catch (error) {
        if (!(error instanceof LlmError)) throw error
        if (!RETRIED.has(error.kind)) throw toGenerationError(error)
        problems = [error.message]
      }
    }
    throw new GenerationError(502, `The model's answer was refused twice: ${problems.join('; ')}`)
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', cancel)
  }
}
