/** The cookie settings dialog: its chunk brings these messages, the banner does not need them. */
export const consentSettings = {
  'consent.settingsTitle': 'Paramètres des cookies',
  'consent.settingsIntro':
    'Activez uniquement ce que vous souhaitez. Les cookies optionnels sont désactivés tant que vous ne les autorisez pas ; votre choix est conservé 12 mois.',
  'consent.save': 'Enregistrer mes choix',
  'consent.unsaved': 'You have unsaved settings',
  'consent.alwaysOn': 'Toujours actifs',
  'consent.cookiesUsed': 'Cookies : {names}',
  'consent.noCookies': 'Aucun cookie déposé par Ludora ; le service tiers peut en déposer lorsqu’il est affiché.',
  'consent.group.necessary': 'Cookies nécessaires',
  'consent.group.necessary.description': 'Ils retiennent votre choix en matière de cookies. Sans eux, nous devrions vous reposer la question à chaque page.',
  'consent.group.matomo': "Mesure d'audience (Matomo)",
  'consent.group.matomo.description':
    "Des statistiques de visite pour savoir quelles pages sont utiles, lesquelles mènent à une inscription ou à une demande de contact, et améliorer le site. Les données ne sont ni revendues ni croisées avec d'autres sources.",
  'consent.group.crisp': "Chat d'assistance (Crisp)",
  'consent.group.crisp.description': "Le chat qui vous permet d'écrire à notre équipe depuis le site. Crisp conserve l'historique de votre conversation.",
  'consent.group.functional': 'Contenus intégrés (vidéos)',
  'consent.group.functional.description': 'Les vidéos de démonstration hébergées par YouTube, en mode de confidentialité renforcée.',
} as const
