/**
 * A request's object as the statistics name it (README, "Mesure des conversions"): a visitor may write
 * "Rappel au 06 12 34 56 78" there, and an address or a phone number has no place in Matomo.
 */
export function withoutContactDetails(object: string): string {
  return object.replace(/\S+@\S+/g, '[e-mail]').replace(/\+?\d[\d .-]{6,}\d/g, '[numéro]')
}
