import { z } from 'zod'
import { actionLink, externalUrl, imagePath, line, list, paragraph } from './fields'
import { pricingPage } from './pricing-schema'
import { productScreens } from './product-screens-schema'
import { sections } from './section-schemas'

/** Names the JSON Schema that describes the file, so that an editor completes and checks it. */
export const schemaReference = z.string().meta({ title: 'Schéma', description: 'Le schéma JSON qui décrit ce fichier, pour l’éditeur de code. Ne pas modifier.', widget: 'string' })

const jsonLdBlock = z
  .looseObject({
    '@context': z.literal('https://schema.org'),
    '@type': line('Type schema.org', '« Organization », « Product », « FAQPage »…'),
  })
  .meta({ title: 'Bloc schema.org', description: 'Des données structurées au format JSON-LD, lues par les moteurs de recherche.' })

export const pageMeta = z
  .strictObject({
    title: line('Titre pour les moteurs', 'Le titre de l’onglet et des résultats de recherche : une soixantaine de caractères.'),
    description: paragraph('Description pour les moteurs', 'Le résumé sous le titre dans les résultats de recherche : 150 caractères environ.'),
    image: z
      .strictObject({
        src: imagePath('Image de partage', 'Un fichier de static/images, au format 1200 × 630 px.'),
        alt: line('Texte alternatif', 'Ce que montre l’image, pour qui ne la voit pas.'),
      })
      .optional()
      .meta({ title: 'Image de partage', description: 'Remplace la carte que le build dessine pour les réseaux sociaux.' }),
    jsonLd: list(jsonLdBlock, 'Données structurées').optional(),
  })
  .meta({ id: 'page-meta', title: 'Référencement', description: 'Ce que les moteurs de recherche et les réseaux sociaux montrent de la page.' })

const pagePath = z
  .string()
  .regex(/^\/([a-z0-9-]+(\/[a-z0-9-]+)*)?$/, { error: 'expected the page’s path, as in its address ("/pricing")' })
  .meta({ title: 'Chemin', description: 'L’adresse de la page sur le site : « /pricing ». Elle doit exister dans le code des routes.', widget: 'string' })

/** A page file: its path, what search engines and social networks show, and its content. */
function pageFile<T extends z.ZodType>(page: T, title: string) {
  return z.strictObject({ $schema: schemaReference.optional(), path: pagePath, meta: pageMeta, page: page.meta({ ...page.meta(), title: 'Contenu de la page' }) }).meta({ title })
}

export const pageIntro = z.strictObject({
  eyebrow: line('Surtitre').optional(),
  heading: line('Titre de la page', 'Le titre principal (h1).'),
  lead: paragraph('Accroche'),
})

export const sectionsPageContent = z.strictObject({ sections })

export const demoWheel = z
  .strictObject({
    badge: line('Badge', 'Au-dessus de la roue : « Démo jouable ».'),
    wheelLabel: line('Nom de la roue', 'Lu par les lecteurs d’écran.'),
    spinLabel: line('Bouton pour lancer'),
    spinningLabel: line('Pendant que la roue tourne'),
    againLabel: line('Bouton pour relancer'),
    idleMessage: line('Message avant le premier tour'),
    loadError: line('Message si la démo ne charge pas'),
    note: paragraph('Note', 'Rappelle que les lots sont des exemples.'),
    cta: actionLink,
    segments: list(
      z.strictObject({ label: line('Case', 'Quelques caractères : ils sont écrits sur la roue.'), result: line('Résultat', 'La phrase annoncée quand la roue s’arrête sur cette case.') }).meta({ title: 'Case de la roue' }),
      'Cases de la roue',
      undefined,
      { min: 2 },
    ),
  })
  .meta({ title: 'Roue de démonstration', description: 'La roue jouable du haut de l’accueil ; ses lots sont des exemples.' })

export const homePageContent = sectionsPageContent.extend({ demoGame: demoWheel })

export const applicationPageContent = sectionsPageContent.extend({
  video: z
    .strictObject({
      title: line('Titre de la vidéo', 'Lu par les lecteurs d’écran.'),
      src: externalUrl('Adresse d’intégration', 'L’adresse « embed » de la vidéo : « https://www.youtube-nocookie.com/embed/… ».'),
    })
    .meta({ title: 'Vidéo de démonstration' }),
  screens: productScreens,
})

export const contactPageContent = pageIntro.extend({
  formTitle: line('Titre du formulaire'),
  reassurance: list(z.strictObject({ title: line('Titre'), text: paragraph('Texte') }).meta({ title: 'Engagement' }), 'Engagements', 'À côté du formulaire : ce que la personne peut attendre.'),
})

export const sectionsPage = pageFile(sectionsPageContent, 'Page en sections')
export const homePage = pageFile(homePageContent, 'Accueil')
export const applicationPage = pageFile(applicationPageContent, 'L’application')
export const pricingPageFile = pageFile(pricingPage, 'Tarifs')
export const contactPage = pageFile(contactPageContent, 'Contact')
export const introPage = pageFile(pageIntro, 'Page avec un en-tête')
export const legalPage = pageFile(pageIntro, 'Page légale')
