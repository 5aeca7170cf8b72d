import { generatorFormSchema, type Experience } from '#src/features/ai-generator/experience-schema'
import { generateWithLlm, LlmError, parseModelMap } from './llm-generator'
import { generateOffline } from './offline-generator'

export interface GeneratorOptions {
  env?: Record<string, string | undefined>
  fetch?: typeof fetch
  timeoutMs?: number
}

export class GenerationError extends Error {
  constructor(
    readonly status: 502 | 504,
    message: string,
  ) {
    super(message)
  }
}

/** Which backend answers: an OpenAI-compatible model when LLM_BASE_URL is set, the offline writer otherwise. */
export function activeGenerator(env: Record<string, string | undefined> = process.env): 'llm' | 'offline' {
  return env.LLM_BASE_URL ? 'llm' : 'offline'
}

export async function generateExperience(body: unknown, { env = process.env, fetch, timeoutMs = 45_000 }: GeneratorOptions): Promise<Experience> {
  const input = await generatorFormSchema.validate(body, { abortEarly: false, stripUnknown: true })
  if (activeGenerator(env) === 'offline') return generateOffline(input)
  try {
    return await generateWithLlm(input, { baseUrl: env.LLM_BASE_URL ?? '', apiKey: env.LLM_API_KEY ?? '', models: parseModelMap(env.LLM_MODELS), timeoutMs, fetch })
  } catch (error) {
    if (error instanceof LlmError) throw new GenerationError(error.kind === 'timeout' ? 504 : 502, error.message)
    throw error
  }
}
