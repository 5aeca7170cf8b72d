import { DeliveryError, type Delivery } from './delivery'

/**
 * Placeholder for the serverless delivery the delivery work provides at this path (webhook and newsletter
 * provider over fetch, 503 on failure). Until it is merged, a serverless deployment delivers nothing and
 * says so: every contact request and sign-up answers 503 and the form shows its error.
 */
export function createDirectDelivery(_options: { env: Record<string, string | undefined>; fetch?: typeof fetch }): Delivery {
  return {
    accept: async () => {
      throw new DeliveryError('No delivery channel on this platform yet')
    },
    close: async () => {},
  }
}
