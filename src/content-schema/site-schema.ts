import { z } from 'zod'
import { externalUrl, line, list, paragraph } from './fields'
import { schemaReference } from './page-schemas'

/** content/site.json: the copy every page's layout shows. */
export const siteFile = z
  .strictObject({
    $schema: schemaReference.optional(),
    tagline: paragraph('Présentation de Ludora', 'Sous le logo, en pied de page.'),
    studioTagline: paragraph('Présentation du studio', 'En pied de page des pages du studio.'),
    social: list(z.strictObject({ label: line('Réseau'), href: externalUrl('Adresse de la page') }).meta({ title: 'Réseau social' }), 'Réseaux sociaux', 'Les liens du pied de page.'),
  })
  .meta({ title: 'Textes communs du site' })
