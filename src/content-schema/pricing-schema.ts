import { z } from 'zod'
import { actionLink, EVEN_WITH_OTHER_MISTAKES, fieldOf, line, list, paragraph, uniqueBy } from './fields'
import { faqItem } from './section-schemas'

const PLAN_IDS = ['start', 'unit', 'annual', 'studio'] as const

const price = z
  .strictObject({
    amount: line('Prix', 'Comme il s’affiche, taxes précisées : « 149 € HT ».'),
    period: line('Période', '« par jeu, sans abonnement », « par mois, facturé à l’année ».'),
  })
  .meta({ title: 'Prix' })

export const plan = z
  .strictObject({
    id: z.enum(PLAN_IDS).meta({ title: 'Offre', description: 'Laquelle des quatre offres : start, unit, annual ou studio.' }),
    name: line('Nom de l’offre'),
    tagline: paragraph('Pour qui', 'Une phrase : à qui s’adresse l’offre.'),
    price: price.extend({ monthly: price.optional().meta({ title: 'Prix mensuel', description: 'La même offre payée mois par mois, si elle peut l’être.' }) }),
    featured: z.boolean().optional().meta({ title: 'Mise en avant', description: 'L’offre recommandée : une seule.' }),
    badge: line('Badge', 'Quelques mots sur l’offre mise en avant : « Le plus choisi ».').optional(),
    cta: actionLink,
    highlights: list(line('Point fort'), 'Points forts', 'Trois lignes courtes sous le prix.'),
  })
  .meta({ id: 'plan', title: 'Offre' })

export const planFeature = z
  .strictObject({
    key: z
      .string()
      .regex(/^[a-z][A-Za-z0-9]*$/, { error: 'expected a key in camelCase ("participantCount")' })
      .meta({ title: 'Clé', description: 'Le nom technique de la fonction, unique : « participantCount ».', widget: 'string' }),
    label: line('Fonction'),
    tooltip: paragraph('Explication', 'L’infobulle de la ligne : ce que fait la fonction, avec un exemple.'),
    values: z
      .array(z.union([z.boolean(), line('Valeur', 'Un chiffre court : « 2 000 », « 30 jours ».')]))
      .meta({ title: 'Valeurs', description: 'Une par offre, dans l’ordre des offres : oui/non (inclus ou pas) ou un chiffre court.' }),
    classicNote: paragraph('Note sur l’offre classique', 'Ce que l’offre en autonomie change pour cette fonction, dit une fois.').optional(),
  })
  .meta({ id: 'plan-feature', title: 'Fonction comparée' })

export const pricingPage = z
  .strictObject({
    eyebrow: line('Surtitre'),
    heading: line('Titre de la page'),
    lead: paragraph('Accroche'),
    billing: z
      .strictObject({ label: line('Intitulé du choix'), annual: line('Facturation annuelle'), monthly: line('Facturation mensuelle') })
      .meta({ title: 'Choix de la facturation' }),
    plans: uniqueBy(list(plan, 'Offres', 'Dans l’ordre des colonnes du tableau.'), 'id'),
    hint: z.strictObject({ title: line('Titre'), items: list(paragraph('Conseil'), 'Conseils') }).meta({ title: 'Quel plan pour moi ?' }),
    matrix: z
      .strictObject({
        title: line('Titre du tableau'),
        caption: line('Légende du tableau', 'Lue par les lecteurs d’écran avant le tableau.'),
        featureHeader: line('En-tête de la colonne des fonctions'),
        included: line('Texte « inclus »', 'Lu à la place de la coche.'),
        notIncluded: line('Texte « non inclus »', 'Lu à la place du tiret.'),
        features: uniqueBy(list(planFeature, 'Fonctions', 'Une ligne du tableau chacune.'), 'key'),
      })
      .meta({ title: 'Tableau comparatif' }),
    faq: z.strictObject({ title: line('Titre'), items: list(faqItem, 'Questions') }).meta({ title: 'Questions fréquentes' }),
    cta: z
      .strictObject({ title: line('Titre'), text: paragraph('Texte'), primary: actionLink, secondary: actionLink })
      .meta({ title: 'Appel à l’action' }),
  })
  .superRefine((page: unknown, context) => {
    const plans = fieldOf(page, 'plans')
    const features = fieldOf(fieldOf(page, 'matrix'), 'features')
    if (!Array.isArray(plans) || !Array.isArray(features)) return
    features.forEach((feature, index) => {
      const values = fieldOf(feature, 'values')
      if (!Array.isArray(values) || values.length === plans.length) return
      context.addIssue({
        code: 'custom',
        path: ['matrix', 'features', index, 'values'],
        message: `expected ${plans.length} values, one per plan (${plans.map((item) => String(fieldOf(item, 'id'))).join(', ')}), got ${values.length}`,
        input: values,
      })
    })
  }, EVEN_WITH_OTHER_MISTAKES)
