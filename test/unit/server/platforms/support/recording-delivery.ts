import { DeliveryError, type Delivery } from '#src/server/delivery/delivery'

/**
 * Stands in for `#src/server/delivery/direct-delivery` in the platform bundles under test: each submission
 * is POSTed to TEST_DELIVERY_URL, where the test records it. A refused POST is a failed delivery.
 */
export function createDirectDelivery({ env }: { env: Record<string, string | undefined> }): Delivery {
  return {
    async accept(submission) {
      const response = await fetch(env.TEST_DELIVERY_URL ?? '', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(submission) })
      if (!response.ok) throw new DeliveryError(`Recorder answered ${response.status}`)
    },
    close: async () => {},
  }
}
