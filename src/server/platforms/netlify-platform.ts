import { getStore } from '@netlify/blobs'
import type { Env } from '#src/server/api/api-config'
import type { SubmissionStore } from '#src/server/delivery/blobs-delivery'

interface NetlifyGlobal {
  env: { toObject(): Record<string, string> }
}

/** The site's environment variables, from Netlify's global (process.env holds them too). */
export function netlifyEnv(): Env {
  return (globalThis as { Netlify?: NetlifyGlobal }).Netlify?.env.toObject() ?? process.env
}

/** The site-wide Netlify Blobs store of the submissions on their way (it survives deploys). */
export const SUBMISSION_STORE = 'ludora-forms'

/**
 * The store, for this invocation: Netlify hands each one its Blobs context. Undefined where there is none
 * (the function run outside Netlify); strong consistency, so a run never reads an entry older than the last write.
 */
export function openSubmissionStore(): SubmissionStore | undefined {
  try {
    return getStore({ name: SUBMISSION_STORE, consistency: 'strong' })
  } catch (error) {
    if (error instanceof Error && error.name === 'MissingBlobsEnvironmentError') return undefined
    throw error
  }
}
