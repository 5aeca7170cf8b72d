import type { IncomingMessage, ServerResponse } from 'node:http'
import { ValidationError } from 'yup'
import { generatorFormSchema, type GeneratorRequest } from '#src/features/ai-generator/experience-schema'
import { contactSchema } from '#src/features/contact-form/contact-schema'
import { newsletterSchema } from '#src/features/newsletter/newsletter-schema'
import { createSubmission, DeliveryError, type Delivery } from '#src/server/delivery/delivery'
import { generateExperience, GenerationError, type GeneratorOptions } from '#src/server/generator/generate-experience'
import { BodyError, readJsonBody } from './read-json-body'

export interface ApiOptions {
  delivery: Delivery
  generator?: GeneratorOptions
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
  response.end(JSON.stringify(body))
}

/** Field → message, for a 400 the client can show. */
export function validationReasons(error: ValidationError): Record<string, string> {
  const reasons: Record<string, string> = {}
  for (const inner of error.inner.length ? error.inner : [error]) reasons[inner.path ?? 'body'] ??= inner.message
  return reasons
}

interface Validator {
  validate: (value: unknown, options: { abortEarly: boolean; stripUnknown: boolean }) => Promise<object>
}

async function validate(schema: Validator, body: unknown): Promise<object> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new BodyError(400, 'Body must be a JSON object')
  return schema.validate(body, { abortEarly: false, stripUnknown: true })
}

/** The stand-in API under `/api` that `npm start` serves beside the static site. */
export function createApiHandler({ delivery, generator = {} }: ApiOptions) {
  const routes: Record<string, (body: unknown) => Promise<[number, unknown]>> = {
    '/newsletter': async (body) => {
      const request = await validate(newsletterSchema, body)
      await delivery.accept(createSubmission('newsletter', request as Record<string, string>))
      return [201, { status: 'registered' }]
    },
    '/contact': async (body) => {
      if (typeof body === 'object' && body !== null && 'website' in body && (body as { website: unknown }).website) throw new BodyError(400, 'Rejected')
      const request = await validate(contactSchema, body)
      await delivery.accept(createSubmission('contact', request as Record<string, string>))
      return [201, { status: 'sent' }]
    },
    '/ai/generate': async (body) => [200, await generateExperience((await validate(generatorFormSchema, body)) as GeneratorRequest, generator)],
  }

  return async function handleApi(request: IncomingMessage, response: ServerResponse, apiPath: string): Promise<void> {
    const route = routes[apiPath]
    if (!route) {
      sendJson(response, 404, { error: 'not_found' })
      return
    }
    if (request.method !== 'POST') {
      response.setHeader('allow', 'POST')
      sendJson(response, 405, { error: 'method_not_allowed' })
      return
    }
    try {
      const [status, body] = await route(await readJsonBody(request))
      sendJson(response, status, body)
    } catch (error) {
      if (error instanceof ValidationError) sendJson(response, 400, { error: 'invalid', reasons: validationReasons(error) })
      else if (error instanceof BodyError) sendJson(response, error.status, { error: error.status === 413 ? 'too_large' : 'invalid', reasons: { body: error.message } })
      else if (error instanceof DeliveryError) sendJson(response, 503, { error: 'delivery_failed' })
      else if (error instanceof GenerationError) sendJson(response, error.status, { error: 'generation_failed', reasons: { generator: error.message } })
      else throw error
    }
  }
}
