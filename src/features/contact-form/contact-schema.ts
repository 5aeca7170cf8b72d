import { object, string, type InferType } from 'yup'
import { EMAIL_INVALID, EMAIL_PATTERN, EMAIL_REQUIRED } from '#src/lib/validation'

/** French and international phone numbers: digits with spaces, dots, dashes, parentheses, optional +. */
export const PHONE_PATTERN = /^\+?[0-9 ().-]{10,20}$/

/** One schema for the browser and the stand-in API, so both refuse the same input. */
export const contactSchema = object({
  firstName: string().trim().required('Indiquez votre prénom.').max(80, 'Votre prénom ne peut pas dépasser 80 caractères.'),
  name: string().trim().required('Indiquez votre nom.').max(80, 'Votre nom ne peut pas dépasser 80 caractères.'),
  email: string().trim().required(EMAIL_REQUIRED).matches(EMAIL_PATTERN, EMAIL_INVALID).max(254, 'Cette adresse e-mail est trop longue.'),
  phone: string()
    .trim()
    .default('')
    .test('phone', 'Ce numéro de téléphone ne semble pas valide (exemple : 06 12 34 56 78 ou +33 6 12 34 56 78).', (value) => !value || PHONE_PATTERN.test(value)),
  company: string().trim().required('Indiquez le nom de votre entreprise.').max(120, "Le nom de l'entreprise ne peut pas dépasser 120 caractères."),
  object: string().trim().required("Indiquez l'objet de votre demande.").max(150, "L'objet ne peut pas dépasser 150 caractères."),
  message: string().trim().required('Écrivez votre message.').min(20, 'Votre message doit faire au moins 20 caractères pour que nous puissions vous aider.').max(5000, 'Votre message ne peut pas dépasser 5 000 caractères.'),
})

export type ContactRequest = InferType<typeof contactSchema>
export const CONTACT_FIELDS = ['firstName', 'name', 'email', 'phone', 'company', 'object', 'message'] as const
