// @vitest-environment node
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import type { GeneratorRequest } from '#src/features/ai-generator/experience-schema'
import { generateExperience } from '#src/server/generator/generate-experience'
import { generateWithLlm, parseModelMap } from '#src/server/generator/llm-generator'

const input: GeneratorRequest = { companyName: 'Lemoine', companyActivity: 'boulangerie', event: 'Noël', additionalInformation: '', gameType: 0, gameLanguage: 'fr', llmModel: 'precise' }
const quiz = {
  kind: 'quiz',
  language: 'fr',
  title: 'Quiz de Noël',
  introduction: 'Cinq questions.',
  questions: Array.from({ length: 5 }, (_, index) => ({ question: `Q${index} ?`, answers: ['A', 'B', 'C', 'D'], correctAnswer: 1, explanation: 'Car.' })),
  closingMessage: 'Merci',
}

let server: Server | undefined
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

/** A local stand-in for an OpenAI-compatible endpoint. */
async function fakeModel(reply: (body: Record<string, unknown>) => { status?: number; body?: string; delayMs?: number }) {
  const requests: { body: Record<string, unknown>; authorization: string | undefined; url: string | undefined }[] = []
  server = createServer((request, response) => {
    let raw = ''
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()))
    request.on('end', () => {
      const body = JSON.parse(raw) as Record<string, unknown>
      requests.push({ body, authorization: request.headers.authorization, url: request.url })
      const answer = reply(body)
      setTimeout(() => {
        response.writeHead(answer.status ?? 200, { 'content-type': 'application/json' })
        response.end(answer.body ?? '')
      }, answer.delayMs ?? 0)
    })
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}/v1`, requests }
}

const completion = (content: string, finish = 'stop') => JSON.stringify({ choices: [{ finish_reason: finish, message: { content } }] })

describe('LLM adapter', () => {
  it('asks for strict structured output with the mapped model and the server-side key', async () => {
    const model = await fakeModel(() => ({ body: completion(JSON.stringify(quiz)) }))
    const experience = await generateWithLlm(input, { baseUrl: model.url, apiKey: 'sk-test', models: parseModelMap('fast=small-model,precise=big-model'), timeoutMs: 5_000 })
    expect(experience.title).toBe('Quiz de Noël')
    const [request] = model.requests
    expect(request!.url).toBe('/v1/chat/completions')
    expect(request!.authorization).toBe('Bearer sk-test')
    expect(request!.body).toMatchObject({ model: 'big-model', response_format: { type: 'json_schema', json_schema: { strict: true, name: 'contest_quiz' } } })
  })

  it('accepts the nulls strict mode gives a poll', async () => {
    const poll = { ...quiz, kind: 'poll', questions: quiz.questions.map((question) => ({ question: question.question, answers: question.answers, correctAnswer: null, explanation: null })) }
    const model = await fakeModel(() => ({ body: completion(JSON.stringify(poll)) }))
    const experience = await generateWithLlm({ ...input, gameType: 1 }, { baseUrl: model.url, apiKey: '', models: parseModelMap(undefined), timeoutMs: 5_000 })
    expect(experience.kind).toBe('poll')
  })

  it.each([
    ['content that is not JSON', () => ({ body: completion('Voici votre quiz : ...') }), 'invalid'],
    ['JSON that is not an experience', () => ({ body: completion(JSON.stringify({ title: 'x' })) }), 'invalid'],
    ['a truncated answer', () => ({ body: completion('{"kind":"quiz","title":"Qu', 'length') }), 'truncated'],
    ['an HTTP error', () => ({ status: 429, body: '{}' }), 'http'],
    ['a refusal', () => ({ body: JSON.stringify({ choices: [{ finish_reason: 'stop', message: { content: null, refusal: 'non' } }] }) }), 'refused'],
    ['a body that is not JSON', () => ({ body: '<html>' }), 'invalid'],
  ])('fails on %s', async (_label, reply, kind) => {
    const model = await fakeModel(reply)
    await expect(generateWithLlm(input, { baseUrl: model.url, apiKey: '', models: parseModelMap(undefined), timeoutMs: 5_000 })).rejects.toMatchObject({ kind })
  })

  it('gives up after its timeout', async () => {
    const model = await fakeModel(() => ({ body: completion(JSON.stringify(quiz)), delayMs: 2_000 }))
    await expect(generateWithLlm(input, { baseUrl: model.url, apiKey: '', models: parseModelMap(undefined), timeoutMs: 200 })).rejects.toMatchObject({ kind: 'timeout' })
  })

  it('is used only when LLM_BASE_URL is set; errors become 502/504', async () => {
    const offline = await generateExperience(input, { env: {} })
    expect(offline.title).toContain('Lemoine')
    const model = await fakeModel(() => ({ body: completion('pas du JSON') }))
    await expect(generateExperience(input, { env: { LLM_BASE_URL: model.url } })).rejects.toMatchObject({ status: 502 })
  })
})
