import { ValidationError } from 'yup'
import { parseExperience, type Experience, type GeneratorRequest, type LlmModelId } from '#src/features/ai-generator/experience-schema'
import { groundingFacts } from './offline-generator'
import { QUESTION_COUNT } from './quality'
import { matchTopics } from './topics'
import { readBounded } from '#src/lib/read-bounded'

/**
 * One call to an OpenAI-compatible chat-completions endpoint. Web APIs only (fetch, AbortSignal, streams,
 * TextDecoder), so the same code runs on Node, as a Cloudflare Worker and as a Netlify Function. The key
 * never leaves the server.
 */

export interface LlmSettings {
  baseUrl: string
  apiKey: string
  /** Form choice → provider model name. */
  models: Record<LlmModelId, string>
  fetch?: typeof fetch
  /** Stops the call, headers and body alike: the caller's deadline or the visitor leaving. */
  signal: AbortSignal
  /** The answer is read as a stream and dropped as soon as it grows past this. */
  maxBytes?: number
  /** Why the previous answer was refused, so the model can mend it. */
  previousProblems?: string[]
}

export type LlmErrorKind = 'timeout' | 'cancelled' | 'unavailable' | 'unreachable' | 'http' | 'too-large' | 'truncated' | 'refused' | 'invalid'

export class LlmError extends Error {
  constructor(
    readonly kind: LlmErrorKind,
    message: string,
    /** For 'unavailable': when the provider expects to take requests again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
  }
}

/** The name of the abort reason the caller gives when its deadline passes (any other reason is a cancel). */
export const DEADLINE_REASON = 'TimeoutError'
const MAX_ANSWER_BYTES = 256 * 1024
const DEFAULT_RETRY_AFTER_SECONDS = 30
const MAX_RETRY_AFTER_SECONDS = 3600
const FACT_HINTS = 5

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

/** Seconds from a Retry-After header (delay or HTTP date), kept between 1 s and an hour. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number {
  const value = header?.trim() ?? ''
  const seconds = /^\d+$/.test(value) ? Number(value) : Math.ceil((Date.parse(value) - now) / 1000)
  return Number.isFinite(seconds) ? Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, seconds)) : DEFAULT_RETRY_AFTER_SECONDS
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
        description: `exactement ${QUESTION_COUNT} questions`,
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

/** What the bank knows of the request, as grounding: its topics and the sourced facts the offline writer would use. */
function bankHints(input: GeneratorRequest): string[] {
  const match = matchTopics(input)
  const language = input.gameLanguage
  const topics = [
    ...match.trades.map((trade) => trade.label[language]),
    ...(match.trades.length ? [] : match.sectors.map((sector) => sector.label[language])),
    ...(match.event ? [match.event.names?.[language].name ?? input.event] : []),
    ...(match.eventSector ? [match.eventSector.label[language]] : []),
  ]
  const facts = groundingFacts(input).slice(0, FACT_HINTS)
  return [
    ...(topics.length ? [`Sujets reconnus : ${topics.join(', ')}.`] : []),
    ...(facts.length ? ['Faits vérifiés que tu peux utiliser ou reformuler :', ...facts.map((fact) => `- ${fact.question} → ${fact.answer}`)] : []),
  ]
}

function prompt(input: GeneratorRequest, previousProblems: string[] = []): { system: string; user: string } {
  const quiz = input.gameType === 0
  const language = input.gameLanguage === 'fr' ? 'français' : 'anglais'
  return {
    system: [
      `Tu conçois des jeux-concours marketing pour des commerces et des marques. Écris un ${quiz ? 'quiz' : 'sondage'} en ${language}, et réponds uniquement en JSON conforme au schéma fourni.`,
      `Langue : chaque texte visible (titre, introduction, questions, réponses, explications, message de fin) est en ${language}, sans un mot d'une autre langue ; seuls les noms écrits par l'entreprise restent tels quels.`,
      quiz
        ? `Exactement ${QUESTION_COUNT} questions de culture générale vérifiable, 4 réponses chacune : une seule est juste, les trois autres sont fausses, plausibles et de même nature et de même longueur qu'elle (une date parmi des dates, un nombre parmi des nombres ; la bonne réponse n'est pas la seule longue). La bonne réponse change de position d'une question à l'autre. Aucune statistique inventée. Une explication d'une phrase par question.`
        : `Exactement ${QUESTION_COUNT} questions d'opinion, 4 réponses chacune, sans bonne réponse (correctAnswer et explanation à null).`,
      "Sujet : chaque question porte sur l'activité de l'entreprise, sur l'événement ou sur les informations complémentaires, et les nomme ; jamais sur un autre métier.",
      "Les informations complémentaires (produit, offre, lot, ton) apparaissent dans le jeu : au moins une question ou l'introduction les reprend, et le ton demandé est suivi.",
      "Chaque question apprend quelque chose au joueur : aucune bonne réponse n'est le nom, l'activité, l'événement ou les informations de l'entreprise, et une question au plus reprend son annonce.",
      'Pas deux questions sur le même fait ni avec la même bonne réponse, et aucune question ni explication ne donne la réponse d’une autre. Pas de marque tierce, pas de sujet sensible (politique, religion, conseil médical), un ton positif.',
    ].join('\n'),
    user: [
      `Entreprise : ${input.companyName}`,
      `Activité : ${input.companyActivity}`,
      `Événement : ${input.event}`,
      `Informations complémentaires : ${input.additionalInformation || 'aucune'}`,
      ...bankHints(input),
      ...(previousProblems.length ? [`Ta réponse précédente a été refusée : ${previousProblems.join(' ; ')}. Corrige ces points.`] : []),
    ].join('\n'),
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

function abortError(signal: AbortSignal): LlmError {
  const reason: unknown = signal.reason
  return reason instanceof Error && reason.name === DEADLINE_REASON
    ? new LlmError('timeout', 'The model did not answer in time')
    : new LlmError('cancelled', 'The request was cancelled')
}

/** The body as text, read chunk by chunk and given up as soon as it passes `maxBytes`. */
async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'))
  if (declared > maxBytes) throw new LlmError('too-large', `The model answer announces ${declared} bytes, more than ${maxBytes}`)
  if (!response.body) return ''
  const bytes = await readBounded(response.body, maxBytes)
  if (!bytes) throw new LlmError('too-large', `The model answer passed ${maxBytes} bytes`)
  return new TextDecoder().decode(bytes)
}

export async function generateWithLlm(input: GeneratorRequest, settings: LlmSettings): Promise<Experience> {
  const kind = input.gameType === 0 ? 'quiz' : 'poll'
  const { system, user } = prompt(input, settings.previousProblems)
  // This call's own controller: whatever way it ends, the connection is closed with it.
  const call = new AbortController()
  const relay = () => call.abort(settings.signal.reason)
  if (settings.signal.aborted) relay()
  else settings.signal.addEventListener('abort', relay, { once: true })
  let text: string
  try {
    const response = await (settings.fetch ?? fetch)(`${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      signal: call.signal,
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
    if (response.status === 429 || response.status >= 500) {
      throw new LlmError('unavailable', `The model answered HTTP ${response.status}`, retryAfterSeconds(response.headers.get('retry-after')))
    }
    if (!response.ok) throw new LlmError('http', `The model answered HTTP ${response.status}`)
    text = await readCapped(response, settings.maxBytes ?? MAX_ANSWER_BYTES)
  } catch (error) {
    if (error instanceof LlmError) throw error
    if (settings.signal.aborted) throw abortError(settings.signal)
    throw new LlmError('unreachable', `The model could not be reached: ${String(error)}`)
  } finally {
    settings.signal.removeEventListener('abort', relay)
    call.abort()
  }
  return readCompletion(text, kind, input.gameLanguage)
}

function readCompletion(text: string, kind: 'quiz' | 'poll', language: GeneratorRequest['gameLanguage']): Experience {
  let completion: ChatCompletion
  try {
    completion = JSON.parse(text) as ChatCompletion
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
    if (experience.kind !== kind || experience.language !== language) throw new LlmError('invalid', 'The model wrote another kind of game')
    return experience
  } catch (error) {
    if (error instanceof ValidationError) throw new LlmError('invalid', `The model answer does not match the schema: ${error.message}`)
    throw error
  }
}
