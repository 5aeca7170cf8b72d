/** Cookie consent banner, modal and embedded-content placeholder. */
export const consent = {
  'consent.embedBlocked': 'To see this, please enable functional cookies',
  'consent.embedEnable': 'Activer les cookies fonctionnels',
  'consent.manage': 'Gérer les cookies',
} as const
