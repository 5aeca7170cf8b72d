import { ValidationError } from 'yup'
import { parseExperience, type Experience, type GeneratorRequest, type LlmModelId } from '#src/features/ai-generator/experience-schema'

export interface LlmSettings {
  baseUrl: string
  apiKey: string
  /** Form choice → provider model name. */
  models: Record<LlmModelId, string>
  timeoutMs: number
  fetch?: typeof fetch
}

export class LlmError extends Error {
  constructor(
    readonly kind: 'timeout' | 'http' | 'truncated' | 'refused' | 'invalid',
    message: string,
  ) {
    super(message)
  }
}

const DEFAULT_MODELS: Record<LlmModelId, string> = { fast: 'gpt-4o-mini', precise: 'gpt-4.1' }

/** `LLM_MODELS=fast=gpt-4o-mini,precise=gpt-4.1`: anything missing keeps its default. */
export function parseModelMap(value: string | undefined): Record<LlmModelId, string> {
  const models = { ...DEFAULT_MODELS }
  for (const pair of (value ?? '').split(',')) {
    const [id, name] = pair.split('=').map((part) => part.trim())
    if ((id === 'fast' || id === 'precise') && name) models[id] = name
  }
  return models
}

/** Strict structured output: every property required, nulls where a poll has no right answer. */
function responseSchema(kind: 'quiz' | 'poll') {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['kind', 'language', 'title', 'introduction', 'questions', 'closingMessage'],
    properties: {
      kind: { type: 'string', enum: [kind] },
      language: { type: 'string', enum: ['fr', 'en'] },
      title: { type: 'string', description: '60 caractères au plus' },
      introduction: { type: 'string', description: '1 à 2 phrases, au ton de la marque' },
      questions: {
        type: 'array',
        description: 'exactement 5 questions',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['question', 'answers', 'correctAnswer', 'explanation'],
          properties: {
            question: { type: 'string' },
            answers: { type: 'array', items: { type: 'string' }, description: 'exactement 4 réponses courtes' },
            correctAnswer: { type: kind === 'quiz' ? 'integer' : 'null', description: 'index (0 à 3) de la seule bonne réponse' },
            explanation: { type: kind === 'quiz' ? 'string' : 'null', description: 'une phrase affichée après la réponse' },
          },
        },
      },
      closingMessage: { type: 'string' },
    },
  }
}

function prompt(input: GeneratorRequest): { system: string; user: string } {
  const kind = input.gameType === 0 ? 'quiz' : 'sondage'
  const language = input.gameLanguage === 'fr' ? 'français' : 'anglais'
  return {
    system: [
      `Tu conçois des jeux-concours marketing pour des commerces et des marques. Écris un ${kind} en ${language}.`,
      'Réponds uniquement en JSON conforme au schéma fourni.',
      input.gameType === 0
        ? '5 questions, 4 réponses plausibles chacune, une seule correcte, des faits vérifiables, une explication d’une phrase.'
        : '5 questions d’opinion, 4 réponses chacune, sans bonne réponse (correctAnswer et explanation à null).',
      'Pas de marque tierce, pas de sujet sensible (politique, religion, santé), un ton positif.',
    ].join(' '),
    user: [`Entreprise : ${input.companyName}`, `Activité : ${input.companyActivity}`, `Événement : ${input.event}`, `Informations : ${input.additionalInformation || 'aucune'}`].join('\n'),
  }
}

interface ChatCompletion {
  choices?: { finish_reason?: string; message?: { content?: string | null; refusal?: string | null } }[]
}

/** Removes the nulls strict mode requires for polls, so the result matches our own schema. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== null).map(([key, field]) => [key, withoutNulls(field)]))
}

/** One call to an OpenAI-compatible chat-completions endpoint; the key never leaves the server. */
export async function generateWithLlm(input: GeneratorRequest, settings: LlmSettings): Promise<Experience> {
  const kind = input.gameType === 0 ? 'quiz' : 'poll'
  const { system, user } = prompt(input)
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), settings.timeoutMs)
  let response: Response
  try {
    response = await (settings.fetch ?? fetch)(`${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      signal: controller.signal,
      headers: { 'content-type': 'application/json', ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}) },
      body: JSON.stringify({
        model: settings.models[input.llmModel],
        temperature: 0.8,
        max_tokens: 1500,
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: user },
        ],
        response_format: { type: 'json_schema', json_schema: { name: `contest_${kind}`, strict: true, schema: responseSchema(kind) } },
      }),
    })
  } catch (error) {
    throw controller.signal.aborted ? new LlmError('timeout', 'The model did not answer in time') : new LlmError('http', `The model could not be reached: ${String(error)}`)
  } finally {
    clearTimeout(timer)
  }
  if (!response.ok) throw new LlmError('http', `The model answered HTTP ${response.status}`)
  let completion: ChatCompletion
  try {
    completion = (await response.json()) as ChatCompletion
  } catch {
    throw new LlmError('invalid', 'The model answer is not JSON')
  }
  const choice = completion.choices?.[0]
  if (choice?.message?.refusal) throw new LlmError('refused', 'The model refused the request')
  if (choice?.finish_reason === 'length') throw new LlmError('truncated', 'The model answer was cut off')
  let content: unknown
  try {
    content = JSON.parse(choice?.message?.content ?? '')
  } catch {
    throw new LlmError('invalid', 'The model content is not JSON')
  }
  try {
    const experience = parseExperience(withoutNulls(content))
    if (experience.kind !== kind || experience.language !== input.gameLanguage) throw new LlmError('invalid', 'The model wrote another kind of game')
    return experience
  } catch (error) {
    if (error instanceof ValidationError) throw new LlmError('invalid', `The model answer does not match the schema: ${error.message}`)
    throw error
  }
}
