import { z } from 'zod'
import { EVEN_WITH_OTHER_MISTAKES, fieldOf, line, list, paragraph } from './fields'

const colour = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'expected a colour as "#" and six hexadecimal digits ("#0e5a6b")' })
  .meta({ title: 'Couleur', description: 'En hexadécimal : « #0e5a6b ».', widget: 'string' })

const BRAND_COLOUR_ROLES = ['primary', 'accent', 'background', 'text'] as const

export const mockBrand = z
  .strictObject({
    name: line('Nom du client'),
    initials: line('Monogramme', 'Deux lettres, dessinées à la place d’un logo.'),
    colours: z
      .strictObject({ primary: colour, accent: colour, background: colour, text: colour })
      .meta({ title: 'Couleurs', description: 'Principale, accent, fond et texte, appliquées aux maquettes.' }),
  })
  .meta({ title: 'Client des maquettes', description: 'La marque dont les maquettes montrent le jeu.' })

export const phoneScreen = z
  .strictObject({
    progress: line('Progression', '« Question 2 sur 5 ».'),
    done: z.number().min(0).max(1).meta({ title: 'Avancement', description: 'De 0 à 1 : la part remplie de la barre de progression.' }),
    questionLines: list(line('Ligne'), 'Question, ligne par ligne', 'Coupée à la main : l’écran est un dessin, il ne coupe pas les lignes.'),
    answers: list(line('Réponse'), 'Réponses', undefined, { min: 2 }),
    chosen: z.int().min(0).meta({ title: 'Réponse choisie', description: 'La position de la réponse cochée : 0 pour la première.' }),
    button: line('Bouton'),
    footer: line('Pied d’écran'),
  })
  .superRefine((phone: unknown, context) => {
    const answers = fieldOf(phone, 'answers')
    const chosen = fieldOf(phone, 'chosen')
    if (!Array.isArray(answers) || typeof chosen !== 'number' || chosen < answers.length) return
    context.addIssue({ code: 'custom', path: ['chosen'], message: `expected the position of one of the ${answers.length} answers (0 to ${answers.length - 1}), got ${chosen}`, input: chosen })
  }, EVEN_WITH_OTHER_MISTAKES)
  .meta({ title: 'Écran du téléphone' })

const screenWindow = z
  .strictObject({ address: line('Adresse', 'Ce que montre la barre d’adresse.'), title: line('Titre de la fenêtre'), status: line('État', '« Enregistré », « En direct ».') })
  .meta({ title: 'Fenêtre' })

const caption = paragraph('Légende', 'Lue sous la maquette, et par les lecteurs d’écran à sa place.')

export const editorScreen = z
  .strictObject({
    caption,
    window: screenWindow,
    steps: list(
      z
        .strictObject({
          label: line('Étape'),
          done: z.boolean().optional().meta({ title: 'Faite' }),
          current: z.boolean().optional().meta({ title: 'En cours' }),
        })
        .meta({ title: 'Étape de l’éditeur' }),
      'Étapes de l’éditeur',
    ),
    panelTitle: line('Titre du panneau'),
    fields: list(z.strictObject({ label: line('Champ'), value: paragraph('Valeur') }).meta({ title: 'Champ' }), 'Champs'),
    answersLabel: line('Titre des réponses'),
    answers: list(z.strictObject({ text: line('Réponse'), correct: z.boolean().optional().meta({ title: 'Bonne réponse' }) }).meta({ title: 'Réponse' }), 'Réponses'),
    settings: list(line('Réglage'), 'Réglages'),
    phone: phoneScreen,
  })
  .meta({ title: 'Maquette de l’éditeur' })

export const brandingScreen = z
  .strictObject({
    caption,
    window: screenWindow,
    logoLabel: line('Titre du logo'),
    logoFile: line('Fichier du logo', 'Le nom et le poids affichés : « logo.svg · 12 Ko ».'),
    coloursLabel: line('Titre des couleurs'),
    colours: list(
      z
        .strictObject({
          label: line('Nom de la couleur'),
          role: z.enum(BRAND_COLOUR_ROLES).meta({ title: 'Couleur montrée', description: 'Laquelle des couleurs du client : primary, accent, background ou text.' }),
        })
        .meta({ title: 'Couleur' }),
      'Couleurs',
    ),
    fontsLabel: line('Titre des polices'),
    fonts: list(
      z.strictObject({ role: line('Usage', '« Titres », « Texte ».'), name: line('Nom de la police'), family: line('Famille CSS', 'Avec ses polices de repli.') }).meta({ title: 'Police' }),
      'Polices',
    ),
    phone: phoneScreen,
  })
  .meta({ title: 'Maquette de l’habillage' })

export const dashboardScreen = z
  .strictObject({
    caption,
    window: screenWindow,
    kpis: list(z.strictObject({ label: line('Indicateur'), value: line('Valeur'), note: line('Évolution') }).meta({ title: 'Indicateur' }), 'Indicateurs'),
    chartTitle: line('Titre du graphique'),
    chartSummary: paragraph('Résumé du graphique', 'Lu par les lecteurs d’écran à la place du dessin ; le tableau donne chaque valeur.'),
    days: list(
      z.strictObject({ date: line('Jour'), participations: z.int().min(0).meta({ title: 'Participations' }) }).meta({ title: 'Jour' }),
      'Participations par jour',
      undefined,
      { min: 2 },
    ),
    sourcesTitle: line('Titre des sources'),
    sources: list(
      z.strictObject({ label: line('Source'), share: z.number().min(0).max(100).meta({ title: 'Part (%)', description: 'De 0 à 100.' }) }).meta({ title: 'Source' }),
      'Sources des joueurs',
    ),
    tableToggle: line('Bouton du tableau'),
    tableCaption: line('Légende du tableau'),
    tableHeaders: z.tuple([line('Colonne des jours'), line('Colonne des participations')]).meta({ title: 'En-têtes du tableau' }),
  })
  .meta({ title: 'Maquette du tableau de bord' })

export const productScreens = z
  .strictObject({ brand: mockBrand, editor: editorScreen, branding: brandingScreen, dashboard: dashboardScreen })
  .meta({ title: 'Maquettes de l’application', description: 'Les écrans dessinés sur /application, remplis avec les textes d’un client d’exemple.' })
