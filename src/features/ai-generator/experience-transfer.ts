import { generatorFormSchema, parseExperience } from './experience-schema'
import { isStoredExperience, type StoredExperience } from './experience-storage'
import { SHARE_FRAGMENT_PREFIX } from './share-fragment'
import { readBounded } from '#src/lib/read-bounded'

/** The file and the link carry the same envelope; a later shape gets version 2 and a reader for both. */
export const ENVELOPE_FORMAT = 'ludora-ai-experience'
export const ENVELOPE_VERSION = 1
/** The largest experience the schema allows is about 20 KB of JSON; a file ten times that is not one. */
export const MAX_IMPORT_BYTES = 200_000
/**
 * Characters after `#apercu=`. French or English text at the schema's limits fits well below it once
 * compressed; only text that hardly compresses (random ideograms at every limit) does not.
 */
export const MAX_SHARE_LENGTH = 16_000
const MAX_SHARE_JSON_BYTES = 64_000
/** Bytes of SHA-256 kept as the link's integrity check: a cut or altered link is refused, not guessed at. */
const CHECK_BYTES = 12
const LINK_ENCODING = '1'
const ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/

export interface ExperienceEnvelope {
  format: typeof ENVELOPE_FORMAT
  version: typeof ENVELOPE_VERSION
  exportedAt: string
  record: StoredExperience
}

export type TransferProblem = 'not-json' | 'invalid' | 'too-large' | 'tampered' | 'unsupported' | 'browser'

export class TransferError extends Error {
  constructor(readonly problem: TransferProblem) {
    super(`Experience transfer refused: ${problem}`)
  }
}

export function toEnvelope(record: StoredExperience, now: Date = new Date()): ExperienceEnvelope {
  return { format: ENVELOPE_FORMAT, version: ENVELOPE_VERSION, exportedAt: now.toISOString(), record }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The record inside an envelope, validated by the same schemas as a generation; anything else throws. */
export function parseEnvelope(value: unknown): StoredExperience {
  if (!isObject(value) || value.format !== ENVELOPE_FORMAT) throw new TransferError('invalid')
  if (value.version !== ENVELOPE_VERSION) throw new TransferError(typeof value.version === 'number' && value.version > ENVELOPE_VERSION ? 'unsupported' : 'invalid')
  const record = value.record
  if (!isObject(record) || typeof record.id !== 'string' || !ID_PATTERN.test(record.id)) throw new TransferError('invalid')
  if (typeof record.createdAt !== 'string' || Number.isNaN(Date.parse(record.createdAt))) throw new TransferError('invalid')
  let parsed: StoredExperience
  try {
    parsed = {
      id: record.id,
      createdAt: new Date(record.createdAt).toISOString(),
      request: generatorFormSchema.validateSync(record.request, { stripUnknown: true }),
      experience: parseExperience(record.experience),
    }
  } catch {
    throw new TransferError('invalid')
  }
  if (!isStoredExperience(parsed)) throw new TransferError('invalid')
  return parsed
}

export function parseExperienceFile(text: string): StoredExperience {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new TransferError('not-json')
  }
  return parseEnvelope(value)
}

export async function readExperienceFile(file: Blob): Promise<StoredExperience> {
  if (file.size > MAX_IMPORT_BYTES) throw new TransferError('too-large')
  return parseExperienceFile(await file.text())
}

function fileName(title: string): string {
  const slug = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
  return `ludora-${slug || 'experience'}.json`
}

/** Downloads one experience as a `.json` file the import reads back. */
export function downloadExperience(record: StoredExperience): void {
  const blob = new Blob([JSON.stringify(toEnvelope(record), null, 2)], { type: 'application/json' })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName(record.experience.title)
  document.body.append(link)
  link.click()
  link.remove()
  // Revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = ''
  for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000))
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) throw new TransferError('tampered')
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
    return Uint8Array.from(binary, (character) => character.charCodeAt(0))
  } catch {
    throw new TransferError('tampered')
  }
}

async function collect(stream: ReadableStream<Uint8Array<ArrayBuffer>>, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = await readBounded(stream, limit)
  if (!bytes) throw new TransferError('too-large')
  return bytes
}

function streamOf(bytes: Uint8Array<ArrayBuffer>): ReadableStream<BufferSource> {
  return new ReadableStream<BufferSource>({
    start(controller) {
      controller.enqueue(bytes)
      controller.close()
    },
  })
}

async function checksum(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return toBase64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)).subarray(0, CHECK_BYTES))
}

function assertBrowserSupport(): void {
  if (typeof CompressionStream === 'undefined' || typeof DecompressionStream === 'undefined' || !globalThis.crypto?.subtle) throw new TransferError('browser')
}

/**
 * `#apercu=1.<deflate-raw, base64url>.<check>` for the record, without the visitor's additional
 * information (a private note to the model, not part of the game). Throws `too-large` past the cap.
 */
export async function createShareFragment(record: StoredExperience): Promise<string> {
  assertBrowserSupport()
  const shared: StoredExperience = { ...record, request: { ...record.request, additionalInformation: '' } }
  const json = new TextEncoder().encode(JSON.stringify(toEnvelope(shared)))
  const compressed = await collect(streamOf(json).pipeThrough(new CompressionStream('deflate-raw')), MAX_SHARE_JSON_BYTES)
  const fragment = `${LINK_ENCODING}.${toBase64Url(compressed)}.${await checksum(compressed)}`
  if (fragment.length > MAX_SHARE_LENGTH) throw new TransferError('too-large')
  return SHARE_FRAGMENT_PREFIX + fragment
}

/** The record a preview link carries, or a TransferError: too large, tampered (cut, altered), unsupported. */
export async function readShareFragment(hash: string): Promise<StoredExperience> {
  const fragment = hash.startsWith(SHARE_FRAGMENT_PREFIX) ? hash.slice(SHARE_FRAGMENT_PREFIX.length) : ''
  if (fragment.length > MAX_SHARE_LENGTH) throw new TransferError('too-large')
  const [encoding, payload, check, ...rest] = fragment.split('.')
  if (encoding !== LINK_ENCODING) throw new TransferError(encoding && /^\d+$/.test(encoding) ? 'unsupported' : 'tampered')
  if (!payload || !check || rest.length > 0) throw new TransferError('tampered')
  assertBrowserSupport()
  const compressed = fromBase64Url(payload)
  if ((await checksum(compressed)) !== check) throw new TransferError('tampered')
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await collect(streamOf(compressed).pipeThrough(new DecompressionStream('deflate-raw')), MAX_SHARE_JSON_BYTES))
  } catch (error) {
    throw error instanceof TransferError ? error : new TransferError('tampered')
  }
  try {
    return parseExperienceFile(text)
  } catch (error) {
    throw error instanceof TransferError && error.problem === 'unsupported' ? error : new TransferError('tampered')
  }
}

export type ShareOutcome = { status: 'copied' | 'ready'; url: string } | { status: 'too-large' } | { status: 'browser' }

/** Builds the preview link and tries the clipboard; the link is shown either way, to copy by hand. */
export async function shareExperience(record: StoredExperience): Promise<ShareOutcome> {
  let url: string
  try {
    url = `${window.location.origin}/ai/request${await createShareFragment(record)}`
  } catch (error) {
    if (error instanceof TransferError && (error.problem === 'too-large' || error.problem === 'browser')) return { status: error.problem }
    throw error
  }
  try {
    await navigator.clipboard.writeText(url)
    return { status: 'copied', url }
  } catch {
    return { status: 'ready', url }
  }
}
