/**
 * A preview link is `/ai/request#apercu=…`: the experience rides in the fragment, which browsers never send
 * to a server. Kept apart from the codec so the page can recognise a link without loading it.
 */
export const SHARE_FRAGMENT_PREFIX = '#apercu='

export function isShareFragment(hash: string): boolean {
  return hash.startsWith(SHARE_FRAGMENT_PREFIX)
}
