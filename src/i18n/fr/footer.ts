/** The footer's strings: they load with the footer, which is adopted when it comes into view. */
export const footer = {
  'footer.label': 'Pied de page',
  'footer.legal': 'Informations légales',
  'footer.sitemap': 'Plan du site',
  'footer.platform': 'La plateforme',
  'footer.studio': 'Le studio',
  'footer.company': 'Ludora',
  'footer.social': 'Ludora sur les réseaux',
  'footer.terms': "Conditions générales d'utilisation",
  'footer.privacy': 'Politique de confidentialité',
  'footer.cookies': 'Politique cookies',
  'footer.legalNotice': 'Mentions légales',
  'footer.copyright': '© {year} Ludora. Tous droits réservés.',
} as const
