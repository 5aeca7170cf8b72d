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
  'consent.controlButton': 'Paramètres des cookies',
  'consent.embedBlocked': 'To see this, please enable functional cookies',
  'consent.embedEnable': 'Activer les contenus intégrés',
} as const
