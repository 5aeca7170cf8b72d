/** Cookie consent banner, settings dialog and embedded-content placeholder. */
export const consent = {
  'consent.bannerLabel': 'Consentement aux cookies',
  'consent.bannerTitle': 'Vos cookies, votre choix',
  'consent.bannerText':
    "Avec votre accord seulement, nous mesurons l'audience (Matomo), ouvrons le chat d'assistance (Crisp) et affichons nos vidéos de démonstration.",
  'consent.bannerRefusal': 'Refuser ne change rien à votre navigation, et vous pouvez changer d’avis à tout moment via « Gérer les cookies » en bas de page.',
  'consent.policyLink': 'Lire la politique cookies',
  'consent.acceptAll': 'Tout accepter',
  'consent.declineAll': 'Tout refuser',
  'consent.manage': 'Gérer les cookies',
  'consent.close': 'Fermer',
  'consent.closeBanner': 'Fermer sans choisir (les cookies optionnels restent désactivés)',
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
    "Des statistiques de visite pour savoir quelles pages sont utiles et améliorer le site. Les données ne sont ni revendues ni croisées avec d'autres sources.",
  'consent.group.crisp': "Chat d'assistance (Crisp)",
  'consent.group.crisp.description': "Le chat qui vous permet d'écrire à notre équipe depuis le site. Crisp conserve l'historique de votre conversation.",
  'consent.group.functional': 'Contenus intégrés (vidéos)',
  'consent.group.functional.description': 'Les vidéos de démonstration hébergées par YouTube, en mode de confidentialité renforcée.',
  'consent.controlButton': 'Paramètres des cookies',
  'consent.embedBlocked': 'To see this, please enable functional cookies',
  'consent.embedEnable': 'Activer les contenus intégrés',
} as const
