/** Pricing page interface strings (plan names and features live in content/pages/pricing.json). */
export const pricing = {
  'pricing.moreAbout': 'En savoir plus : {feature}',
} as const
