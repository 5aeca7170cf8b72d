import type { Experience, GeneratorRequest } from '#src/features/ai-generator/experience-schema'
import { generateWithLlm, LlmError, parseModelMap } from './llm-generator'
import { generateOffline } from './offline-generator'

export interface GeneratorOptions {
  env?: Record<string, string | undefined>
  fetch?: typeof fetch
  timeoutMs?: number
  /** Aborted when the visitor disconnects or cancels: the model call stops with it. */
  signal?: AbortSignal
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

/** Which backend answers: an OpenAI-compatible model when LLM_BASE_URL is set, the offline writer otherwise. */
export function activeGenerator(env: Record<string, string | undefined> = process.env): 'llm' | 'offline' {
  return env.LLM_BASE_URL ? 'llm' : 'offline'
}

/** One experience for an already validated request; throws GenerationError when no valid one can be had. */
export async function generateExperience(input: GeneratorRequest, { env = process.env, fetch, timeoutMs = 45_000 }: GeneratorOptions): Promise<Experience> {
  if (activeGenerator(env) === 'offline') return generateOffline(input)
  try {
    return await generateWithLlm(input, { baseUrl: env.LLM_BASE_URL ?? '', apiKey: env.LLM_API_KEY ?? '', models: parseModelMap(env.LLM_MODELS), timeoutMs, fetch })
  } catch (error) {
    if (error instanceof LlmError) throw new GenerationError(error.kind === 'timeout' ? 504 : 502, error.message)
    throw error
  }
}
