/** Contact and newsletter forms. */
export const forms = {
  'newsletter.label': 'Votre adresse e-mail',
  'newsletter.submit': "S'inscrire",
} as const
