import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import type { GeneratorRequest } from '#src/features/ai-generator/experience-schema'
import { GenerationError, generateExperience } from '#src/server/generator/generate-experience'
import { generateWithLlm, parseModelMap, retryAfterSeconds } from '#src/server/generator/llm-generator'
import { completion, goodQuiz } from './fixtures/good-quiz'

const input: GeneratorRequest = { companyName: 'Lemoine', companyActivity: 'boulangerie', event: 'Noël', additionalInformation: '', gameType: 0, gameLanguage: 'fr', llmModel: 'precise' }
const offTopicQuiz = { ...goodQuiz, questions: goodQuiz.questions.map((question, index) => ({ ...question, question: `Question numéro ${index + 1} ?`, answers: ['Oui', 'Non', 'Peut-être', 'Jamais'] })) }

interface Upstream {
  url: string
  requests: { body: Record<string, unknown>; authorization: string | undefined; url: string | undefined }[]
  /** Resolves when the upstream sees the connection of its n-th request closed. */
  closed: Promise<void>[]
  /** Bytes the upstream managed to hand to its socket, per request. */
  sent: number[]
}

let server: Server | undefined
afterEach(async () => {
  server?.closeAllConnections()
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  server = undefined
})

/** A local stand-in for an OpenAI-compatible endpoint; `answer` writes the response of each request. */
async function fakeModel(answer: (response: ServerResponse, index: number, request: IncomingMessage) => void): Promise<Upstream> {
  const upstream: Upstream = { url: '', requests: [], closed: [], sent: [] }
  server = createServer((request, response) => {
    const index = upstream.requests.length
    upstream.sent[index] = 0
    upstream.closed[index] = new Promise((resolve) => response.on('close', () => resolve()))
    let raw = ''
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()))
    request.on('end', () => {
      upstream.requests.push({ body: JSON.parse(raw) as Record<string, unknown>, authorization: request.headers.authorization, url: request.url })
      answer(response, index, request)
    })
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  upstream.url = `http://127.0.0.1:${(server!.address() as AddressInfo).port}/v1`
  return upstream
}

const reply = (body: string, status = 200, headers: Record<string, string> = {}) => (response: ServerResponse) => {
  response.writeHead(status, { 'content-type': 'application/json', ...headers })
  response.end(body)
}
const settings = (url: string) => ({ baseUrl: url, apiKey: '', models: parseModelMap(undefined), signal: new AbortController().signal })
const env = (url: string) => ({ LLM_BASE_URL: url })
const messages = (upstream: Upstream, index = 0) => (upstream.requests[index]!.body.messages as { content: string }[]).map((message) => message.content).join('\n')

describe('LLM adapter', () => {
  it('asks for strict structured output with the mapped model, the server-side key and the quality rules', async () => {
    const model = await fakeModel(reply(completion(goodQuiz)))
    const experience = await generateWithLlm({ ...input, additionalInformation: 'Notre bûche praliné revient.' }, { ...settings(model.url), apiKey: 'sk-test', models: parseModelMap('fast=small-model,precise=big-model') })
    expect(experience.title).toBe('Le quiz de Noël de la boulangerie')
    const [request] = model.requests
    expect(request!.url).toBe('/v1/chat/completions')
    expect(request!.authorization).toBe('Bearer sk-test')
    expect(request!.body).toMatchObject({ model: 'big-model', response_format: { type: 'json_schema', json_schema: { strict: true, name: 'contest_quiz' } } })
    const prompt = messages(model)
    expect(prompt).toContain('en français, sans un mot d')
    expect(prompt).toContain('une seule est juste, les trois autres sont fausses, plausibles et de même nature')
    expect(prompt).toContain('jamais sur un autre métier')
    expect(prompt).toContain('Exactement 5 questions')
    expect(prompt).toContain('La bonne réponse change de position')
    expect(prompt).toContain("aucune bonne réponse n'est le nom, l'activité, l'événement ou les informations de l'entreprise")
    expect(prompt).toContain('une question au plus reprend son annonce')
    expect(prompt).toContain('Pas deux questions sur le même fait ni avec la même bonne réponse')
    expect(prompt).toContain('Informations complémentaires : Notre bûche praliné revient.')
    expect(prompt).toMatch(/Faits vérifiés[^]*→ /)
  })

  it('accepts the nulls strict mode gives a poll', async () => {
    const poll = { ...goodQuiz, kind: 'poll', questions: goodQuiz.questions.map((question) => ({ question: question.question, answers: question.answers, correctAnswer: null, explanation: null })) }
    const model = await fakeModel(reply(completion(poll)))
    expect((await generateWithLlm({ ...input, gameType: 1 }, settings(model.url))).kind).toBe('poll')
  })

  it.each([
    ['content that is not JSON', reply(completion('Voici votre quiz : ...')), 'invalid'],
    ['JSON that is not an experience', reply(completion({ title: 'x' })), 'invalid'],
    ['a game in the other language', reply(completion({ ...goodQuiz, language: 'en' })), 'invalid'],
    ['a truncated answer', reply(completion('{"kind":"quiz","title":"Qu', 'length')), 'truncated'],
    ['a client error', reply('{}', 404), 'http'],
    ['a refusal', reply(JSON.stringify({ choices: [{ finish_reason: 'stop', message: { content: null, refusal: 'non' } }] })), 'refused'],
    ['a body that is not JSON', reply('<html>'), 'invalid'],
  ])('fails on %s', async (_label, answer, kind) => {
    const model = await fakeModel(answer)
    await expect(generateWithLlm(input, settings(model.url))).rejects.toMatchObject({ kind })
  })

  it('reads Retry-After as a delay or a date, within bounds', () => {
    expect(retryAfterSeconds('7')).toBe(7)
    expect(retryAfterSeconds('Wed, 01 Jan 2025 00:01:00 GMT', Date.parse('Wed, 01 Jan 2025 00:00:00 GMT'))).toBe(60)
    expect(retryAfterSeconds('999999')).toBe(3600)
    expect(retryAfterSeconds(null)).toBe(30)
    expect(retryAfterSeconds('soon')).toBe(30)
  })
})

describe('generation through a model', () => {
  it('uses the offline writer when LLM_BASE_URL is not set', async () => {
    const experience = await generateExperience(input, { env: {} })
    expect(experience.title).toContain('Lemoine')
  })

  it('shows a model answer that passes the quality checks', async () => {
    const model = await fakeModel(reply(completion(goodQuiz)))
    await expect(generateExperience(input, { env: env(model.url) })).resolves.toMatchObject({ title: goodQuiz.title })
    expect(model.requests).toHaveLength(1)
  })

  it('asks again once, with the reasons, when the answer fails the quality checks', async () => {
    const model = await fakeModel((response, index) => reply(completion(index === 0 ? offTopicQuiz : goodQuiz))(response))
    await expect(generateExperience(input, { env: env(model.url) })).resolves.toMatchObject({ title: goodQuiz.title })
    expect(model.requests).toHaveLength(2)
    expect(messages(model, 1)).toMatch(/Ta réponse précédente a été refusée : .*only 0 of 5 questions are about the activity/)
  })

  it('refuses with a 502 when the second answer fails too', async () => {
    const model = await fakeModel((response, index) => reply(index === 0 ? completion('pas du JSON') : completion(offTopicQuiz))(response))
    const failure = generateExperience(input, { env: env(model.url) })
    await expect(failure).rejects.toBeInstanceOf(GenerationError)
    await expect(failure).rejects.toMatchObject({ status: 502, message: expect.stringContaining('refused twice') })
    expect(model.requests).toHaveLength(2)
  })

  it.each([
    [429, { 'retry-after': '7' }, 7],
    [500, {}, 30],
    [503, { 'retry-after': '120' }, 120],
  ])('turns an upstream %i into a 503 with Retry-After, without asking again', async (status, headers, seconds) => {
    const model = await fakeModel(reply('{"error":"busy"}', status, headers))
    await expect(generateExperience(input, { env: env(model.url) })).rejects.toMatchObject({ status: 503, retryAfterSeconds: seconds })
    expect(model.requests).toHaveLength(1)
  })

  it('gives up at the deadline on an answer that never ends, and closes the connection', async () => {
    const model = await fakeModel((response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.write('{"choices":')
      const trickle = setInterval(() => response.write(' '), 20)
      response.on('close', () => clearInterval(trickle))
    })
    const started = Date.now()
    await expect(generateExperience(input, { env: env(model.url), timeoutMs: 300 })).rejects.toMatchObject({ status: 504 })
    // Far below an answer that never ends; with room for a loaded machine.
    expect(Date.now() - started).toBeLessThan(3_000)
    await model.closed[0]
  })

  it('stops reading an answer past 256 KB, so memory stays bounded, and closes the connection', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'a')
    const model = await fakeModel((response, index) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      let open = true
      response.on('close', () => (open = false))
      const pump = () => {
        while (open && model.sent[index]! < 600 * 1024 * 1024) {
          model.sent[index]! += chunk.length
          if (!response.write(chunk)) return void response.once('drain', pump)
        }
      }
      pump()
    })
    await expect(generateExperience(input, { env: env(model.url) })).rejects.toMatchObject({ status: 502, message: expect.stringContaining('262144 bytes') })
    await model.closed[0]
    expect(model.sent[0]).toBeLessThan(16 * 1024 * 1024)
  })

  it('refuses an answer that announces more than 256 KB without reading it', async () => {
    const model = await fakeModel((response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(1024 * 1024) })
      response.write('{')
    })
    await expect(generateExperience(input, { env: env(model.url) })).rejects.toMatchObject({ status: 502, message: expect.stringContaining('announces') })
    await model.closed[0]
  })

  it('stops and closes the connection when the visitor cancels', async () => {
    let arrived: () => void
    const requestArrived = new Promise<void>((resolve) => (arrived = resolve))
    const model = await fakeModel(() => arrived())
    const visitor = new AbortController()
    const failure = generateExperience(input, { env: env(model.url), signal: visitor.signal })
    await requestArrived
    visitor.abort()
    await expect(failure).rejects.toMatchObject({ status: 504, message: 'The request was cancelled' })
    await model.closed[0]
  })
})
