/** Interface strings of the marketing pages and sections (their copy lives in content/). */
export const pages = {
  'pages.caseGoal': 'Objectif',
  'pages.caseGame': 'Jeu',
  'nav.startFree': 'Créer un jeu gratuit',
} as const
