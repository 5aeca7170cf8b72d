/** Shared by the forms, and the newsletter form in every footer. Error texts of failed requests are the seed's, verbatim. */
export const forms = {
  'form.sending': 'Envoi en cours…',
  'form.honeypot': 'Ne pas remplir ce champ',
  'form.rateLimited': 'Beaucoup de demandes sont parties de votre connexion en peu de temps. Réessayez dans {seconds} secondes : ce que vous avez saisi reste dans le formulaire.',
  'newsletter.label': 'Votre adresse e-mail',
  'newsletter.submit': "S'inscrire",
  'newsletter.success': 'C’est noté ! Votre inscription est enregistrée : vous recevrez notre prochaine lettre, une idée de jeu et un retour d’expérience par mois.',
  'newsletter.error': "Une erreur est survenue lors de l'inscription à la newsletter, merci d'utiliser le formulaire de contact pour vous inscrire.",
  'newsletter.privacy': 'Un e-mail par mois, désinscription en un clic.',
  'validation.email.max': 'Cette adresse e-mail est trop longue.',
  'validation.email.invalid': 'Cette adresse e-mail ne semble pas valide (exemple : prenom@entreprise.fr).',
  'validation.email.required': 'Indiquez votre adresse e-mail.',
  'validation.text.controlCharacters': 'Ce champ contient des caractères invisibles : retapez-le sans copier-coller.',
  'validation.text.angleBrackets': 'Les caractères < et > ne sont pas acceptés ici.',
} as const
