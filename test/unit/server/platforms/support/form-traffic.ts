import { CONTACT, GENERATION, PERSON } from './platform-bundle'

export type FormKind = 'contact' | 'newsletter' | 'generation'

/** One form post as a visitor at `address` sends it (JSON, from the site's origin). */
export interface FormPost {
  kind: FormKind
  path: string
  body: unknown
  address: string
}

/** Sends posts one after the other or all at once; answers each one's status and body, in order. */
export type SendForms = (posts: FormPost[], mode: 'sequential' | 'concurrent') => Promise<{ status: number; body: string }[]>

export interface Traffic {
  answers: { kind: FormKind; status: number; body: string }[]
  /** The e-mail address of each contact request and sign-up sent, unique per post. */
  contacts: string[]
  signUps: string[]
}

let visitors = 0
/** A new visitor's address each time (198.18.0.0/15, kept for tests): no rate limit gets in the way. */
export function nextVisitor(): string {
  visitors += 1
  return `198.18.${Math.floor(visitors / 250) % 256}.${(visitors % 250) + 1}`
}

export const contactFields = (email: string) => ({ ...CONTACT, email })

export function contactPost(email: string): FormPost {
  return { kind: 'contact', path: '/contact', body: { ...contactFields(email), ...PERSON }, address: nextVisitor() }
}

export function signUpPost(email: string): FormPost {
  return { kind: 'newsletter', path: '/newsletter', body: { email, ...PERSON }, address: nextVisitor() }
}

/**
 * `count` contact requests, `count` sign-ups and `count` generations one after the other, then as many of
 * each at once: an instance must answer its last request as it answered its first.
 */
export async function sendFormTraffic(send: SendForms, { count, tag }: { count: number; tag: string }): Promise<Traffic> {
  const traffic: Traffic = { answers: [], contacts: [], signUps: [] }
  const posts = (kind: FormKind, label: string) =>
    Array.from({ length: count }, (_, index): FormPost => {
      const email = `${kind}-${tag}-${label}-${index}@exemple.fr`
      if (kind === 'contact') traffic.contacts.push(email)
      if (kind === 'newsletter') traffic.signUps.push(email)
      return kind === 'contact' ? contactPost(email) : kind === 'newsletter' ? signUpPost(email) : { kind, path: '/ai/generate', body: GENERATION, address: nextVisitor() }
    })
  const kinds = ['contact', 'newsletter', 'generation'] as const
  for (const [mode, batch] of [
    ['sequential', kinds.flatMap((kind) => posts(kind, 'sequential'))],
    ['concurrent', kinds.flatMap((kind) => posts(kind, 'concurrent'))],
  ] as const) {
    const answers = await send(batch, mode)
    traffic.answers.push(...answers.map((answer, index) => ({ kind: batch[index]!.kind, ...answer })))
  }
  return traffic
}
