/** Deliberately permissive: one @, no spaces, a dot in the domain. The server sends the real confirmation. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/
export const EMAIL_INVALID = 'Cette adresse e-mail ne semble pas valide (exemple : prenom@entreprise.fr).'
export const EMAIL_REQUIRED = 'Indiquez votre adresse e-mail.'
