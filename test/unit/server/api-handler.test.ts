// @vitest-environment node
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSiteServer } from '#src/server/main'

let dataDir: string
let server: Awaited<ReturnType<typeof startSiteServer>>

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'ludora-api-'))
  server = await startSiteServer({ root: dataDir, port: 0, dataDir, env: {} })
})

afterAll(async () => {
  await server.close()
  await rm(dataDir, { recursive: true, force: true })
})

const post = (endpoint: string, body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  fetch(`${server.url}/api${endpoint}`, { method: 'POST', headers, body })

describe('stand-in API', () => {
  it('records a newsletter sign-up as ndjson and answers 201', async () => {
    const response = await post('/newsletter', JSON.stringify({ email: 'lecteur@exemple.fr' }))
    expect(response.status).toBe(201)
    // Delivery goes through the outbox: the log line follows the 201 by a moment.
    await expect.poll(() => readFile(path.join(dataDir, 'newsletter.ndjson'), 'utf8').catch(() => ''), { timeout: 10_000 }).toContain('"email":"lecteur@exemple.fr"')
  })

  it('records a contact request and refuses bad fields with reasons', async () => {
    const request = { firstName: 'Camille', name: 'Martin', email: 'camille@exemple.fr', phone: '', company: 'Lemoine', object: 'Devis', message: 'Un jeu de Noël pour nos trois boutiques.' }
    expect((await post('/contact', JSON.stringify(request))).status).toBe(201)
    await expect.poll(() => readFile(path.join(dataDir, 'contact.ndjson'), 'utf8').catch(() => ''), { timeout: 10_000 }).toContain('camille@exemple.fr')
    const refused = await post('/contact', JSON.stringify({ ...request, email: 'camille@', message: '' }))
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({ error: 'invalid', reasons: { email: expect.any(String), message: 'Écrivez votre message.' } })
  })

  it('answers 400 to bad JSON and 413 to bodies over 32 KB', async () => {
    expect((await post('/newsletter', '{oups')).status).toBe(400)
    expect((await post('/newsletter', '[]')).status).toBe(400)
    expect((await post('/contact', JSON.stringify({ message: 'x'.repeat(33 * 1024) }))).status).toBe(413)
  })

  it('generates an experience offline and refuses a bad form', async () => {
    const ok = await post('/ai/generate', JSON.stringify({ companyName: 'Lemoine', companyActivity: 'boulangerie', event: 'Noël', additionalInformation: '', gameType: 1, gameLanguage: 'en', llmModel: 'fast' }))
    expect(ok.status).toBe(200)
    expect(await ok.json()).toMatchObject({ kind: 'poll', language: 'en' })
    expect((await post('/ai/generate', JSON.stringify({ companyName: 'Lemoine' }))).status).toBe(400)
  })

  it('only accepts POST on known endpoints', async () => {
    expect((await fetch(`${server.url}/api/newsletter`)).status).toBe(405)
    expect((await post('/nope', '{}')).status).toBe(404)
  })
})
