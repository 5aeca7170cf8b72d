/**
 * Who is asking, for the rate limit. By default the address the platform saw (the socket on Node); proxy
 * headers only when the operator says a proxy is there, since anyone can send them:
 * - `TRUST_PROXY=<n>`: n proxies in front, each appending to `X-Forwarded-For`; the client is the n-th
 *   address from the right (the first one a trusted proxy wrote).
 * - `TRUST_PROXY=cloudflare`: Cloudflare in front, which sets `CF-Connecting-IP` itself.
 */
export type TrustProxy = { kind: 'none' } | { kind: 'forwarded-for'; hops: number } | { kind: 'cloudflare' }

export function parseTrustProxy(value: string | undefined): TrustProxy | undefined {
  const setting = (value ?? '').trim().toLowerCase()
  if (['', '0', 'false', 'no', 'off'].includes(setting)) return { kind: 'none' }
  if (setting === 'cloudflare') return { kind: 'cloudflare' }
  if (/^[1-9]\d?$/.test(setting)) return { kind: 'forwarded-for', hops: Number(setting) }
  return undefined
}

export function clientAddress(platformAddress: string | undefined, headers: Headers, trust: TrustProxy): string {
  let address = platformAddress
  if (trust.kind === 'cloudflare') address = headers.get('cf-connecting-ip')?.trim() || address
  if (trust.kind === 'forwarded-for') {
    const chain = (headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
    if (chain.length) address = chain[Math.max(0, chain.length - trust.hops)]
  }
  return rateLimitKey(address ?? 'unknown')
}

/**
 * IPv4 addresses count one by one; an IPv6 client usually holds a whole /64, so its first four groups are
 * the key (otherwise one visitor could take a fresh budget with each of its 2^64 addresses).
 */
export function rateLimitKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return mapped[1]!
  if (!address.includes(':')) return address
  const [head = '', tail = ''] = address.split('%')[0]!.toLowerCase().split('::')
  const headGroups = head ? head.split(':') : []
  const tailGroups = address.includes('::') ? (tail ? tail.split(':') : []) : []
  const groups = address.includes('::') ? [...headGroups, ...Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'), ...tailGroups] : headGroups
  return groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':') + '::/64'
}
