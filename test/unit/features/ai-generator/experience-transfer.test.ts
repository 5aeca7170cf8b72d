import { describe, expect, it } from 'vitest'
import {
  createShareFragment,
  MAX_IMPORT_BYTES,
  MAX_SHARE_LENGTH,
  parseExperienceFile,
  readExperienceFile,
  readShareFragment,
  toEnvelope,
  TransferError,
  type TransferProblem,
} from '#src/features/ai-generator/experience-transfer'
import { record } from './experience-fixtures'

const sample = { ...record('3f2b8c1e-0d4a-4b7e-9a51-2c6d8e0f1a2b', '2026-11-20T10:00:00.000Z'), request: { ...record('x', '').request, additionalInformation: 'Note privée pour le modèle' } }

async function problemOf(promise: Promise<unknown> | (() => unknown)): Promise<TransferProblem | undefined> {
  try {
    await (typeof promise === 'function' ? promise() : promise)
    return undefined
  } catch (error) {
    if (error instanceof TransferError) return error.problem
    throw error
  }
}

/** A link whose integrity check matches its (hostile) payload: only the caps can refuse it. */
async function forgeFragment(json: string): Promise<string> {
  const compressed = new Uint8Array(await new Response(new Response(json).body!.pipeThrough(new CompressionStream('deflate-raw'))).arrayBuffer())
  const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')
  const check = base64(new Uint8Array(await crypto.subtle.digest('SHA-256', compressed)).subarray(0, 12))
  return `#apercu=1.${base64(compressed)}.${check}`
}

describe('export and import', () => {
  it('reads back what it exports, in a versioned envelope', () => {
    const text = JSON.stringify(toEnvelope(sample))
    expect(JSON.parse(text)).toMatchObject({ format: 'ludora-ai-experience', version: 1 })
    expect(parseExperienceFile(text)).toEqual(sample)
  })

  it('strips what the schema does not know', () => {
    const envelope = toEnvelope(sample)
    const padded = { ...envelope, record: { ...envelope.record, extra: 'x', experience: { ...envelope.record.experience, script: '<img src=x onerror=alert(1)>' } } }
    expect(parseExperienceFile(JSON.stringify(padded))).toEqual(sample)
  })

  it.each<[string, string, TransferProblem]>([
    ['text that is not JSON', 'bonjour', 'not-json'],
    ['another format', JSON.stringify({ format: 'autre', version: 1, record: sample }), 'invalid'],
    ['a later version', JSON.stringify({ ...toEnvelope(sample), version: 2 }), 'unsupported'],
    ['a game without questions', JSON.stringify(toEnvelope({ ...sample, experience: { ...sample.experience, questions: [] } })), 'invalid'],
    ['a request outside the form’s choices', JSON.stringify(toEnvelope({ ...sample, request: { ...sample.request, llmModel: 'gpt-5' as 'fast' } })), 'invalid'],
    ['an id that is not one', JSON.stringify(toEnvelope({ ...sample, id: '<script>' })), 'invalid'],
    ['a date that is not one', JSON.stringify(toEnvelope({ ...sample, createdAt: 'hier' })), 'invalid'],
  ])('refuses %s', async (_label, text, problem) => {
    expect(await problemOf(() => parseExperienceFile(text))).toBe(problem)
  })

  it('refuses a file too large to be an experience before reading it', async () => {
    expect(await problemOf(readExperienceFile(new Blob(['x'.repeat(MAX_IMPORT_BYTES + 1)])))).toBe('too-large')
  })
})

describe('preview link', () => {
  it('carries the experience without the visitor’s private note', async () => {
    const fragment = await createShareFragment(sample)
    expect(fragment).toMatch(/^#apercu=1\.[\w-]+\.[\w-]+$/)
    expect(fragment.length).toBeLessThan(MAX_SHARE_LENGTH)
    expect(await readShareFragment(fragment)).toEqual({ ...sample, request: { ...sample.request, additionalInformation: '' } })
  })

  it('refuses a link altered by one character, cut short, or with its check changed', async () => {
    const fragment = await createShareFragment(sample)
    const middle = Math.floor(fragment.length / 2)
    const altered = fragment.slice(0, middle) + (fragment[middle] === 'A' ? 'B' : 'A') + fragment.slice(middle + 1)
    expect(await problemOf(readShareFragment(altered))).toBe('tampered')
    expect(await problemOf(readShareFragment(fragment.slice(0, middle)))).toBe('tampered')
    expect(await problemOf(readShareFragment(`${fragment.slice(0, -2)}xx`))).toBe('tampered')
    expect(await problemOf(readShareFragment('#apercu=n’importe quoi'))).toBe('tampered')
  })

  it('refuses a link past the size cap without decoding it', async () => {
    expect(await problemOf(readShareFragment(`#apercu=1.${'A'.repeat(MAX_SHARE_LENGTH)}.AAAA`))).toBe('too-large')
  })

  it('stops inflating a small link that would expand past the cap', async () => {
    expect(await problemOf(readShareFragment(await forgeFragment(' '.repeat(2_000_000))))).toBe('too-large')
  })

  it('refuses a well-formed link whose content is not a valid experience', async () => {
    expect(await problemOf(readShareFragment(await forgeFragment(JSON.stringify({ format: 'ludora-ai-experience', version: 1, record: { id: 'x' } }))))).toBe('tampered')
  })

  it('refuses an experience too long for a link', async () => {
    // French text compresses well below the cap; ten questions of random ideograms at the schema's limits do not.
    const ideograms = (length: number) => Array.from({ length }, () => String.fromCharCode(0x4e00 + Math.floor(Math.random() * 0x5000))).join('')
    const long = { ...sample, experience: { ...sample.experience, questions: Array.from({ length: 10 }, () => ({ question: ideograms(300), answers: Array.from({ length: 6 }, () => ideograms(150)) })) } }
    expect(await problemOf(createShareFragment(long))).toBe('too-large')
  })
})
