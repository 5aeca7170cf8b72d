import { z } from 'zod'
import { actionLink, EVEN_WITH_OTHER_MISTAKES, fieldOf, figure, imagePath, line, list, paragraph, slug, uniqueBy } from './fields'

/**
 * Blocks a route draws itself where its content asks for them. The names are the routes' (`slots` of
 * PageSections): one the route does not know would leave an empty place on the page.
 */
export const SLOT_NAMES = ['demo', 'newsletter', 'video', 'editor', 'branding', 'dashboard'] as const

const slotName = z.enum(SLOT_NAMES).meta({
  title: 'Bloc de la page',
  description:
    'Un bloc que la page dessine elle-même : « demo » (la roue de l’accueil), « newsletter » (le formulaire), « video » (la démo vidéo), « editor », « branding », « dashboard » (les maquettes de l’application).',
})

const sectionId = slug('Ancre', 'Identifiant de la section dans l’adresse de la page (/#jeux) : minuscules, chiffres et tirets, unique sur la page.')
const eyebrow = line('Surtitre', 'Quelques mots au-dessus du titre, qui situent la section.')
const sectionTitle = line('Titre de la section')
const intro = paragraph('Introduction', 'Une ou deux phrases sous le titre.')
const actions = list(actionLink, 'Boutons', 'Le premier est le bouton principal.').max(3)
const figures = list(figure, 'Chiffres clés')

export const heroSection = z
  .strictObject({
    type: z.literal('hero'),
    eyebrow: eyebrow.optional(),
    heading: line('Titre de la page', 'Le titre principal (h1) : un seul par page.'),
    lead: paragraph('Accroche', 'Le paragraphe sous le titre : ce que la personne gagne à lire la suite.'),
    actions: actions.optional(),
    figures: figures.optional(),
    image: z
      .strictObject({
        src: imagePath('Illustration', 'Un fichier de static/images/heroes, par exemple « /images/heroes/stakes.svg ».', { folder: 'heroes' }),
        width: z.int().positive().meta({ title: 'Largeur (px)', description: 'La largeur propre de l’image : elle réserve sa place avant le chargement.' }),
        height: z.int().positive().meta({ title: 'Hauteur (px)', description: 'La hauteur propre de l’image.' }),
      })
      .optional()
      .meta({ title: 'Illustration', description: 'Décorative : elle n’a pas de texte alternatif. Ignorée si la page dessine un bloc à sa place.' }),
    slot: slotName.optional(),
  })
  .meta({ id: 'hero-section', title: 'Haut de page', description: 'Le titre de la page, son accroche, ses boutons et son illustration.' })

export const cardsSection = z
  .strictObject({
    type: z.literal('cards'),
    id: sectionId,
    eyebrow: eyebrow.optional(),
    title: sectionTitle,
    intro: intro.optional(),
    columns: z.literal([2, 3, 4]).optional().meta({ title: 'Colonnes', description: 'Cartes par ligne sur grand écran : 2, 3 (par défaut) ou 4.' }),
    items: list(
      z
        .strictObject({
          title: line('Titre de la carte'),
          text: paragraph('Texte de la carte'),
          tag: line('Étiquette', 'Un mot ou un prix au-dessus du titre : « 0 € HT ».').optional(),
          link: actionLink.optional(),
        })
        .meta({ title: 'Carte' }),
      'Cartes',
    ),
  })
  .meta({ id: 'cards-section', title: 'Cartes', description: 'Une grille de cartes : un titre, un texte, une étiquette et un lien chacune.' })

export const stepsSection = z
  .strictObject({
    type: z.literal('steps'),
    id: sectionId,
    title: sectionTitle,
    intro: intro.optional(),
    items: list(z.strictObject({ title: line('Titre de l’étape'), text: paragraph('Texte de l’étape') }).meta({ title: 'Étape' }), 'Étapes', 'Dans l’ordre : elles sont numérotées.'),
  })
  .meta({ id: 'steps-section', title: 'Étapes', description: 'Une suite numérotée : comment ça marche.' })

export const figuresSection = z
  .strictObject({
    type: z.literal('figures'),
    id: sectionId,
    title: sectionTitle,
    intro: intro.optional(),
    items: figures,
  })
  .meta({ id: 'figures-section', title: 'Chiffres', description: 'Des chiffres clés et leur légende.' })

export const textSection = z
  .strictObject({
    type: z.literal('text'),
    id: sectionId,
    eyebrow: eyebrow.optional(),
    title: sectionTitle,
    paragraphs: list(paragraph('Paragraphe'), 'Paragraphes'),
    bullets: list(line('Point'), 'Liste à puces', 'Des points courts, cochés.').optional(),
    actions: actions.optional(),
    slot: slotName.optional().meta({ title: 'Visuel', description: 'Une maquette que la page dessine à côté du texte : « editor », « branding » ou « dashboard ».' }),
  })
  .meta({ id: 'text-section', title: 'Texte', description: 'Des paragraphes, une liste à puces et des boutons, avec un visuel à côté si la page en dessine un.' })

const quote = z
  .strictObject({
    text: paragraph('Citation', 'Les mots du client, sans guillemets.'),
    author: line('Auteur', 'Prénom, initiale et fonction : « Claire F., co-gérante ».'),
  })
  .meta({ title: 'Citation' })

export const caseStudy = z
  .strictObject({
    id: slug('Identifiant', 'Le nom par lequel une section « Résultats » cite ce cas : « fournil-et-fils ». Unique sur tout le site.').optional(),
    client: line('Client'),
    sector: line('Secteur', 'Le métier et la taille : « Boulangerie, 6 boutiques ».'),
    goal: paragraph('Objectif'),
    game: line('Jeu', 'Le jeu et sa diffusion.'),
    story: paragraph('Déroulé'),
    figures: list(figure, 'Résultats', 'Les chiffres du tableau de bord du client.'),
    quote: quote.optional(),
  })
  .meta({ id: 'case-study', title: 'Cas client' })

export const casesSection = z
  .strictObject({
    type: z.literal('cases'),
    id: sectionId,
    title: sectionTitle,
    intro: intro.optional(),
    items: uniqueBy(list(caseStudy, 'Cas clients'), 'id'),
  })
  .meta({ id: 'cases-section', title: 'Cas clients', description: 'Des campagnes racontées : objectif, jeu, déroulé, résultats et citation.' })

export const gameType = z
  .strictObject({
    id: slug('Identifiant', 'Unique dans la liste : « roue ».'),
    illustration: z
      .string()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: 'expected the name of a picture of static/images/games, without ".svg" ("wheel")' })
      .meta({ title: 'Illustration', description: 'Le nom d’un dessin de static/images/games, sans « .svg » : « wheel ».', widget: 'string' }),
    title: line('Nom du jeu'),
    text: paragraph('Description'),
    howToPlay: list(line('Étape du jeu'), 'Comment on joue', 'Le déroulé vu par le joueur, en deux à quatre phrases.'),
  })
  .meta({ id: 'game-type', title: 'Type de jeu' })

export const gamesSection = z
  .strictObject({
    type: z.literal('games'),
    id: sectionId,
    eyebrow: eyebrow.optional(),
    title: sectionTitle,
    intro: intro.optional(),
    howToPlayLabel: line('Titre « Comment on joue »', 'Le bouton qui déplie le déroulé de chaque jeu.'),
    items: uniqueBy(list(gameType, 'Jeux', 'Écrite une seule fois, sur l’accueil ; les autres pages la reprennent avec « Reprendre la liste de »'), 'id').optional(),
    itemsFrom: z
      .string()
      .regex(/^\/[a-z0-9/-]*$/, { error: 'expected the path of another page ("/")' })
      .optional()
      .meta({ title: 'Reprendre la liste de', description: 'Le chemin d’une page dont la section « Jeux » a sa liste : « / » pour l’accueil.', widget: 'string' }),
    more: z
      .strictObject({ title: line('Titre'), text: paragraph('Texte'), link: actionLink })
      .optional()
      .meta({ title: 'Carte finale', description: 'Ce que faire quand aucun jeu de la liste ne convient.' }),
  })
  .refine((section: unknown) => (fieldOf(section, 'items') === undefined) !== (fieldOf(section, 'itemsFrom') === undefined), {
    path: ['items'],
    message: 'expected either "items" (the list itself) or "itemsFrom" (the page whose list to show), not both and not neither',
    ...EVEN_WITH_OTHER_MISTAKES,
  })
  .meta({ id: 'games-section', title: 'Jeux', description: 'Le catalogue des types de jeux, écrit sur l’accueil et repris ailleurs.' })

export const proofSection = z
  .strictObject({
    type: z.literal('proof'),
    id: sectionId,
    eyebrow: eyebrow.optional(),
    title: sectionTitle,
    intro: intro.optional(),
    figures: list(figure, 'Moyennes', 'Des moyennes sur toutes les campagnes.').optional(),
    casesIntro: paragraph('Introduction des témoignages').optional(),
    cases: list(
      z
        .strictObject({
          case: slug('Cas cité', 'L’identifiant d’un cas de la page /cas-clients : « fournil-et-fils ».'),
          figure: z.int().min(0).meta({ title: 'Chiffre montré', description: 'La position du chiffre dans les résultats du cas : 0 pour le premier.' }),
        })
        .meta({ title: 'Témoignage' }),
      'Témoignages',
      'Les cas de /cas-clients à citer : le client, le secteur, le chiffre et la citation viennent de là.',
    ),
    link: actionLink,
  })
  .meta({ id: 'proof-section', title: 'Résultats', description: 'Des moyennes, puis des clients cités par leur cas de /cas-clients.' })

export const slotSection = z
  .strictObject({
    type: z.literal('slot'),
    id: sectionId,
    slot: slotName,
    title: sectionTitle,
    intro: intro.optional(),
  })
  .meta({ id: 'slot-section', title: 'Bloc de la page', description: 'Un titre et une introduction au-dessus d’un bloc que la page dessine : un formulaire, une vidéo.' })

export const ctaSection = z
  .strictObject({
    type: z.literal('cta'),
    title: sectionTitle,
    text: paragraph('Texte'),
    primary: actionLink.meta({ title: 'Bouton principal' }),
    secondary: actionLink.optional().meta({ title: 'Second bouton' }),
  })
  .meta({ id: 'cta-section', title: 'Appel à l’action', description: 'Le bandeau de fin de page et ses boutons.' })

export const faqItem = z.strictObject({ question: line('Question'), answer: paragraph('Réponse') }).meta({ title: 'Question' })

export const faqSection = z
  .strictObject({
    type: z.literal('faq'),
    title: sectionTitle,
    items: list(faqItem, 'Questions'),
  })
  .meta({ id: 'faq-section', title: 'Questions fréquentes' })

export const pageSection = z
  .discriminatedUnion('type', [heroSection, cardsSection, stepsSection, figuresSection, textSection, casesSection, gamesSection, proofSection, slotSection, ctaSection, faqSection])
  .meta({ title: 'Section' })

/** A page made of sections, in order; the sections that have an anchor each have their own. */
export const sections = uniqueBy(list(pageSection, 'Sections', 'Les blocs de la page, de haut en bas.'), 'id')
