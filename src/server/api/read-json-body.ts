import type { IncomingMessage } from 'node:http'

export const MAX_BODY_BYTES = 32 * 1024

export class BodyError extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message)
  }
}

/** Reads a JSON request body of at most 32 KB; anything larger is refused before it is all read. */
export async function readJsonBody(request: IncomingMessage): Promise<unknown> {
  const declared = Number(request.headers['content-length'] ?? 0)
  if (declared > MAX_BODY_BYTES) throw new BodyError(413, 'Request body larger than 32 KB')
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string)
    size += buffer.length
    if (size > MAX_BODY_BYTES) throw new BodyError(413, 'Request body larger than 32 KB')
    chunks.push(buffer)
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    throw new BodyError(400, 'Body is not valid JSON')
  }
}
