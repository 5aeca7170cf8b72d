import { z } from 'zod'
import { PLACEHOLDERS } from './placeholders'
import { allDistinct } from './text-match'

/**
 * The schema of the generator's content files (content/generator/): the single source of their types,
 * checked by the unit tests and the site-wide content check (`validateBankFiles` adds the checks across
 * files). Objects are strict (an unknown key is an error, usually a typo), and every fact names a `source`
 * a reader can check. The server does not load this module: it trusts content the build has checked, which
 * keeps Zod out of its bundle and its start fast. Each field's `title` and `description` (French) label and
 * explain it in the /admin editor and in code editors, as the page schemas of src/content-schema do.
 */

export const LIMITS = { question: 300, answer: 150, explanation: 500, title: 120, text: 600, label: 60, name: 80 } as const

/** How many facts and polls of a sector apply to every trade of it (not tied to one trade). */
export const MIN_SECTOR_WIDE_FACTS = 6
export const MIN_SECTOR_WIDE_POLLS = 3

const PLACEHOLDER = /\{(\w+)\}/g

/**
 * A string a visitor reads: trimmed, not empty, within its limit, with known placeholders only. `title`
 * and `description` label it in the editors; a text that may run over a line (`text`) gets a bigger box.
 */
function line(max: number, title?: string, description?: string, widget: 'string' | 'text' = 'string') {
  return z
    .string()
    .min(1, 'expected a non-empty string')
    .max(max, `longer than ${max} characters`)
    .refine((value) => value === value.trim(), 'has leading or trailing spaces')
    .refine(
      (value) => [...value.matchAll(PLACEHOLDER)].every(([, name]) => (PLACEHOLDERS as readonly string[]).includes(name!)),
      `uses a placeholder other than {${PLACEHOLDERS.join('}, {')}}`,
    )
    .meta({ ...(title ? { title } : {}), ...(description ? { description } : {}), widget })
}

/** The same content for a game in French and for one in English (a game is written in one language). */
const localized = <T extends z.ZodType>(schema: T) =>
  z.strictObject({
    fr: schema.meta({ ...schema.meta(), title: 'En français', description: 'Pour les jeux en français.' }),
    en: schema.meta({ ...schema.meta(), title: 'En anglais', description: 'Pour les jeux en anglais : le même contenu, traduit.' }),
  })

/** The file's JSON Schema (content/schemas/), named so code editors complete and check it. */
const $schema = z.string().optional().meta({ title: 'Schéma', description: 'Le schéma JSON qui décrit ce fichier, pour l’éditeur de code. Ne pas modifier.', widget: 'string' })

const id = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'expected an id in lower-case kebab-case')
const idOf = (title: string, description: string) => id.meta({ title, description, widget: 'string' })

/**
 * One or more words that recognise a trade, an event or a sector, compared without accents, case or
 * plurals; a final `*` matches any ending ("boulang*": boulanger, boulangerie), a leading `*` on a single
 * word any beginning ("*thérapeute": ergothérapeute).
 */
const keyword = z
  .string()
  .min(1)
  .max(80)
  .refine((value) => value === value.trim(), 'has leading or trailing spaces')
  .refine((value) => /^\*?[^*]+\*?$/.test(value) && !(value.startsWith('*') && (value.endsWith('*') || /[\s'’]/.test(value))), 'a * may only end a keyword, or start a single word')
  .refine((value) => /[\p{L}\p{N}]/u.test(value), 'has no letter or digit')
  .meta({ title: 'Mot-clé', widget: 'string' })

/** How keywords are compared, for the help of every list of them. */
const KEYWORD_RULES = 'Accents, majuscules et pluriels ne comptent pas ; « * » à la fin couvre toutes les fins (« boulang* » : boulanger, boulangerie), au début d’un seul mot tous les débuts (« *thérapeute »).'

const keywords = (min: number, title: string, description: string) =>
  z
    .array(keyword)
    .min(min, `expected at least ${min} keywords`)
    .meta({ title, description: `${description} ${KEYWORD_RULES}`, folded: true })

/**
 * Where a reader checks a fact: an https address (Légifrance, INSEE, service-public.fr, an official body,
 * an encyclopaedia) or, for a text without a stable address, its precise reference ("Code de la
 * consommation, article L221-18").
 */
export const sourceSchema = z
  .string()
  .max(300)
  .refine(
    (value) => /^https:\/\/[^\s/]+\.[^\s/]+\/\S*$/.test(value) || (value.length >= 20 && value === value.trim() && !/^[a-z]+:/i.test(value)),
    'expected an https:// address or the precise reference of a public text',
  )
  .meta({
    title: 'Source',
    description:
      'Où un lecteur vérifie ce fait : l’adresse https:// précise d’une page publique (Légifrance, INSEE, service-public.fr, un organisme officiel, une encyclopédie) ou, pour un texte sans adresse stable, sa référence exacte (« Code de la consommation, article L221-18 »).',
    widget: 'string',
  })

export const factTextSchema = z
  .strictObject({
    question: line(LIMITS.question, 'Question', 'Claire sans le reste du jeu, avec une seule bonne réponse. Un chiffre qui change avec le temps dit son année (« en 2023 »).', 'text'),
    answer: line(LIMITS.answer, 'Bonne réponse', 'La seule réponse juste. Le jeu la place au hasard parmi les trois mauvaises.'),
    distractors: z
      .array(line(LIMITS.answer, 'Mauvaise réponse'))
      .length(3, 'expected exactly 3 wrong answers')
      .meta({ title: 'Mauvaises réponses', description: 'Exactement trois, plausibles, de la même forme et d’une longueur proche de la bonne réponse, et toutes différentes d’elle.' }),
    explanation: line(LIMITS.explanation, 'Explication', 'Montrée après la réponse : ce qui la justifie, en une ou deux phrases, avec l’année de tout chiffre.', 'text'),
  })
  .refine((fact) => allDistinct([fact.answer, ...fact.distractors]), { message: 'a wrong answer repeats the right one or another wrong one', path: ['distractors'] })

export const pollTextSchema = z
  .strictObject({
    question: line(LIMITS.question, 'Question', 'Sur les goûts ou les habitudes du joueur : un sondage n’a pas de bonne réponse.', 'text'),
    answers: z
      .array(line(LIMITS.answer, 'Réponse'))
      .min(2)
      .max(6)
      .meta({ title: 'Réponses proposées', description: 'De 2 à 6, toutes différentes, dans l’ordre où le joueur les voit.' }),
  })
  .refine((poll) => allDistinct(poll.answers), { message: 'has the same answer twice', path: ['answers'] })

const factShape = { source: sourceSchema, ...localized(factTextSchema).shape }
const pollShape = localized(pollTextSchema).shape
/** Trades of the sector a fact or poll is only about; without it, it is about the whole sector. */
const tradeIds = (atLeast: string) =>
  z
    .array(idOf('Métier', 'L’identifiant d’un métier de ce secteur (« vet »).'))
    .min(1)
    .optional()
    .meta({
      title: 'Métiers concernés',
      description: `Les métiers de ce secteur dont parle la question, par leur identifiant (le champ « Identifiant » du métier : « vet »). Vide : elle vaut pour tout le secteur (il faut au moins ${atLeast} ainsi).`,
    })

/** A fact of an event or of the general list: about the whole entry. */
export const factSchema = z.strictObject(factShape).meta({ title: 'Fait' })
export const pollSchema = z.strictObject(pollShape).meta({ title: 'Sondage' })
export const sectorFactSchema = z.strictObject({ trades: tradeIds(`${MIN_SECTOR_WIDE_FACTS} faits`), ...factShape }).meta({ title: 'Fait' })
export const sectorPollSchema = z.strictObject({ trades: tradeIds(`${MIN_SECTOR_WIDE_POLLS} sondages`), ...pollShape }).meta({ title: 'Sondage' })

/** The help of a list of facts, and of polls: what makes one worth a question. */
const factsHelp = (atLeast: string) =>
  `Les questions de quiz, ${atLeast}. Chacune porte un fait vérifiable, de préférence stable (une loi et sa date, une définition, l’histoire) plutôt qu’une statistique, avec sa source.`
const pollsHelp = (atLeast: string) => `Les questions des jeux de sondage, ${atLeast}.`

export const tradeSchema = z
  .strictObject({
    id: idOf('Identifiant', 'En minuscules et tirets (« pet-shop »), unique dans tout le générateur : les faits et sondages le citent dans « Métiers concernés ».'),
    label: localized(line(LIMITS.label)).meta({ title: 'Nom du métier', description: 'Tel que les jeux le nomment, à la place de {activity} : « Clinique vétérinaire ».' }),
    /** Words that name the trade: "boulang*", "bakery". */
    keywords: keywords(1, 'Mots qui nomment le métier', 'Si l’activité que décrit le visiteur contient l’un d’eux, c’est ce métier (« boulang* », « bakery »).'),
    /** Words of the trade's world, beyond the sector's, that place an unnamed trade near it. */
    vocabulary: keywords(1, 'Mots de son univers', 'Des mots, au-delà de ceux du secteur, qui rapprochent de ce métier une activité qui ne le nomme pas (« vaccin* » pour un vétérinaire).').optional(),
    /** A catch-all ("shop", "craft"): used only when no precise trade or sector word matches. */
    generic: z.boolean().optional().meta({ title: 'Métier fourre-tout', description: 'À cocher pour un métier vague (« boutique », « artisan ») : il ne sert que si aucun métier précis ni mot du secteur ne correspond.' }),
  })
  .meta({ title: 'Métier' })

/**
 * What the checks across a sector file read: they run as soon as these parts are well formed, so a
 * misnamed trade is told with the file's other mistakes rather than once they are fixed.
 */
const crossCheckedSectorPartsSchema = z.object({
  trades: z.array(z.object({ id: z.string() })),
  facts: z.array(z.object({ trades: z.array(z.string()).optional() })),
  polls: z.array(z.object({ trades: z.array(z.string()).optional() })),
})

/** content/generator/sectors/<id>.json */
export const sectorFileSchema = z
  .strictObject({
    $schema,
    id: idOf('Identifiant', 'Le nom du fichier sans « .json » (« animals »), que les événements citent : à ne pas changer.'),
    label: localized(line(LIMITS.name)).meta({ title: 'Nom du secteur', description: 'Tel que l’éditeur et les jeux le nomment : « Animaux ».' }),
    /** Words of the sector's world: they place a trade the bank does not name, and show a question is about the sector. */
    vocabulary: keywords(10, 'Mots du secteur', 'Au moins 10 mots de ce monde : ils rattachent au secteur une activité que le générateur ne connaît pas, et montrent qu’une question en parle.'),
    trades: z.array(tradeSchema).min(1).meta({ title: 'Métiers', description: 'Les métiers du secteur, chacun avec les mots qui le reconnaissent dans l’activité du visiteur.' }),
    servesBusinesses: z
      .boolean()
      .optional()
      .meta({
        title: 'Clientèle d’entreprises',
        description: 'Coché quand les entreprises de ce secteur vendent surtout à d’autres entreprises : quand ses sondages manquent, le jeu prend les sondages « pour une clientèle d’entreprises ».',
      }),
    makers: idOf(
      'Secteur de ceux qui fabriquent',
      'L’identifiant du secteur d’une activité qui fabrique ce dont parle celui-ci (avec un mot de fabrication : « fabrication de sauces », « soup maker ») : qui fabrique des plats les vend à emporter ou aux magasins, il ne les sert pas à table (« food-shops » pour les restaurants).',
    ).optional(),
    facts: z
      .array(sectorFactSchema)
      .min(12, 'expected at least 12 facts')
      .meta({ title: 'Faits', description: factsHelp(`au moins 12, dont ${MIN_SECTOR_WIDE_FACTS} sur tout le secteur`) }),
    polls: z
      .array(sectorPollSchema)
      .min(4, 'expected at least 4 polls')
      .meta({ title: 'Sondages', description: pollsHelp(`au moins 4, dont ${MIN_SECTOR_WIDE_POLLS} sur tout le secteur`) }),
  })
  .superRefine((sector, context) => {
    const trades = new Set<string>()
    sector.trades.forEach((trade, index) => {
      if (trades.has(trade.id)) context.addIssue({ code: 'custom', message: `trade id "${trade.id}" is used twice`, path: ['trades', index, 'id'] })
      trades.add(trade.id)
    })
    for (const kind of ['facts', 'polls'] as const) {
      sector[kind].forEach((item, index) => {
        item.trades?.forEach((trade, tradeIndex) => {
          if (!trades.has(trade)) context.addIssue({ code: 'custom', message: `names trade "${trade}", which this sector does not have`, path: [kind, index, 'trades', tradeIndex] })
        })
      })
    }
    const sectorWideFacts = sector.facts.filter((fact) => !fact.trades).length
    if (sectorWideFacts < MIN_SECTOR_WIDE_FACTS) context.addIssue({ code: 'custom', message: `expected at least ${MIN_SECTOR_WIDE_FACTS} facts about the whole sector (without "trades"), found ${sectorWideFacts}`, path: ['facts'] })
    const sectorWidePolls = sector.polls.filter((poll) => !poll.trades).length
    if (sectorWidePolls < MIN_SECTOR_WIDE_POLLS) context.addIssue({ code: 'custom', message: `expected at least ${MIN_SECTOR_WIDE_POLLS} polls about the whole sector (without "trades"), found ${sectorWidePolls}`, path: ['polls'] })
  }, { when: ({ value }) => crossCheckedSectorPartsSchema.safeParse(value).success })
  .meta({ title: 'Secteur d’activité', description: 'Un secteur, ses métiers, et les faits et sondages des jeux des entreprises de ce monde.' })

export const EVENT_KINDS = ['holiday', 'commerce', 'awareness', 'sport', 'culture', 'business', 'season'] as const

/** Each kind of event as the editor names it: also the name of the events file that holds that kind. */
const EVENT_KIND_LABELS: Record<(typeof EVENT_KINDS)[number], string> = {
  holiday: 'Fêtes et jours fériés',
  commerce: 'Temps forts du commerce',
  awareness: 'Journées de sensibilisation',
  sport: 'Sport',
  culture: 'Culture',
  business: 'Moments de l’entreprise',
  season: 'Saisons',
}

const eventNamesSchema = z
  .strictObject({
    /** As used inside a sentence: "la Saint-Valentin", "the sales". */
    name: line(LIMITS.name, 'Nom', 'Tel qu’il s’écrit au milieu d’une phrase, avec son article : « la Saint-Valentin », « the sales ».'),
    /** French: with its preposition ("de la Saint-Valentin"); English: attributive ("Valentine's Day"). */
    of: line(LIMITS.name, 'Complément', 'En français avec sa préposition (« de la Saint-Valentin » : le quiz de la Saint-Valentin), en anglais tel qu’il se place devant un nom (« Valentine’s Day »).'),
  })
  .meta({ title: 'Nom dans les phrases' })

export const eventSchema = z
  .strictObject({
    id: idOf('Identifiant', 'En minuscules et tirets (« christmas »), unique dans tout le générateur.'),
    /**
     * `business`: a moment of the business itself (open day, anniversary, trade fair), whose facts come
     * after the trade's; `season`: a season, recognised in the event field only.
     */
    kind: z.enum(EVENT_KINDS).meta({
      title: 'Type',
      description: 'Une saison n’est reconnue que dans le champ « événement » du visiteur ; les faits d’un moment de l’entreprise (portes ouvertes, anniversaire) passent après ceux de son métier.',
      optionLabels: EVENT_KIND_LABELS,
    }),
    /**
     * Sectors whose world the event belongs to ("Beaujolais nouveau": drinks, restaurants). A trade of
     * another sector gets one of its facts, not a game of them; without the list, the event is for everyone.
     */
    sectors: z
      .array(idOf('Secteur', 'L’identifiant d’un secteur : le nom de son fichier sans « .json » (« drinks »).'))
      .min(1)
      .optional()
      .meta({
        title: 'Secteurs concernés',
        description: 'Les secteurs dont l’événement fait partie (« drinks » pour le Beaujolais nouveau) : une entreprise d’un autre secteur n’en reçoit qu’un fait. Vide : l’événement concerne tout le monde.',
      }),
    /** Absent when the visitor's own words name it better ("nos 20 ans", "Salon de l'habitat"). */
    names: localized(eventNamesSchema)
      .optional()
      .meta({ title: 'Nom dans les phrases', description: 'Comment les textes des jeux nomment l’événement. Vide quand les mots du visiteur le nomment mieux (« nos 20 ans », « Salon de l’habitat »).' }),
    keywords: keywords(1, 'Mots qui nomment l’événement', 'Si le visiteur nomme son événement avec l’un d’eux, c’est celui-ci (« saint-valentin », « valentine* »).'),
    vocabulary: keywords(1, 'Mots de son univers', 'Des mots qui montrent qu’une question parle de l’événement (« sapin* » pour Noël).'),
    facts: z
      .array(factSchema)
      .min(3, 'expected at least 3 facts')
      .meta({ title: 'Faits', description: factsHelp('au moins 3') }),
    polls: z
      .array(pollSchema)
      .min(2, 'expected at least 2 polls')
      .meta({ title: 'Sondages', description: pollsHelp('au moins 2') }),
  })
  .meta({ title: 'Événement' })

/** content/generator/events/*.json */
export const eventsFileSchema = z
  .strictObject({
    $schema,
    events: z.array(eventSchema).min(1).meta({ title: 'Événements', description: 'Les fêtes, journées et saisons que le visiteur peut nommer, chacune avec ses faits et sondages.' }),
  })
  .meta({ title: 'Événements et saisons' })

/** content/generator/general.json: facts for any business, when the bank knows neither trade nor sector. */
export const generalFileSchema = z
  .strictObject({
    $schema,
    facts: z
      .array(factSchema)
      .min(8)
      .meta({ title: 'Faits', description: factsHelp('au moins 8, qui intéressent les clients de toute entreprise') }),
    polls: z.array(pollSchema).min(3).meta({ title: 'Sondages', description: pollsHelp('au moins 3') }),
  })
  .meta({ title: 'Faits pour toutes les entreprises', description: 'Quand le générateur ne reconnaît ni le métier ni le secteur du visiteur.' })

/** Texts of which the game picks one at random. */
const sentences = () => z.array(line(LIMITS.text, 'Phrase', undefined, 'text')).min(1)
const titles = () => z.array(line(LIMITS.title, 'Titre')).min(1)
const byTone = () =>
  z.strictObject({
    warm: sentences().meta({ title: 'Ton chaleureux', description: 'Le ton par défaut.' }),
    fun: sentences().meta({ title: 'Ton léger', description: 'Quand le visiteur demande de l’humour.' }),
    elegant: sentences().meta({ title: 'Ton élégant', description: 'Quand le visiteur demande un ton chic ou sobre.' }),
  })
/** Texts for quizzes and for polls (`make` gives a new schema for each, labelled apart; a list's label also counts its entries). */
const forEachKind = <T extends z.ZodType>(make: () => T, title: string, description: string) =>
  z
    .strictObject({
      quiz: make().meta({ title: 'Quiz', description: 'Pour un quiz : des questions qui ont une bonne réponse.' }),
      poll: make().meta({ title: 'Sondages', description: 'Pour un sondage : des questions d’avis.' }),
    })
    .meta({ title, description })

/** The placeholders a template may use, as the editor explains them. */
const PLACEHOLDER_HELP =
  'Entre accolades, ce que le jeu remplace : {company} l’entreprise, {activity} son métier ({Activity} avec une majuscule), {eventName} l’événement (« la Saint-Valentin »), {Event} le même avec une majuscule, {eventOf} son complément (« de la Saint-Valentin »), {event} l’événement tel que le visiteur l’a écrit, {count} le nombre de questions.'

const languageTemplatesSchema = z.strictObject({
  unknownEvent: eventNamesSchema.meta({
    ...eventNamesSchema.meta(),
    title: 'Événement inconnu',
    description: 'Comment les phrases nomment un événement que le générateur ne connaît pas : {event} est ce que le visiteur a écrit.',
  }),
  title: forEachKind(titles, 'Titres des jeux', 'Le jeu prend l’un d’eux au hasard.'),
  introduction: forEachKind(byTone, 'Introductions', 'Le texte avant la première question, selon le ton que demande le visiteur ; le jeu prend l’une des phrases au hasard.'),
  closing: forEachKind(byTone, 'Messages de fin', 'Le texte après la dernière question, selon le ton que demande le visiteur ; le jeu prend l’une des phrases au hasard.'),
  reminder: line(LIMITS.text, 'Rappel', 'Ajouté au message de fin quand le visiteur annonce un lot ou une offre : {sentence} est sa phrase.', 'text'),
  /** The one poll question that may restate the visitor's announcement. */
  extraPoll: pollTextSchema.meta({ ...pollTextSchema.meta(), title: 'Question sur l’annonce', description: 'La seule question de sondage qui reprend l’annonce du visiteur : {sentence} est sa phrase.' }),
  activityPolls: z
    .array(pollTextSchema.meta({ ...pollTextSchema.meta(), title: 'Sondage' }))
    .min(2)
    .meta({ title: 'Sondages sur l’activité', description: 'Quand les sondages du secteur manquent : des questions sur le métier du visiteur ({activity}).' }),
  eventPolls: z
    .array(pollTextSchema.meta({ ...pollTextSchema.meta(), title: 'Sondage' }))
    .min(2)
    .meta({ title: 'Sondages sur l’événement', description: 'Quand les sondages de l’événement manquent : des questions sur l’événement du visiteur ({eventName}).' }),
  businessActivityPolls: z
    .array(pollTextSchema.meta({ ...pollTextSchema.meta(), title: 'Sondage' }))
    .min(2)
    .meta({
      title: 'Sondages sur l’activité, pour une clientèle d’entreprises',
      description: 'Comme les sondages sur l’activité, quand le visiteur vend à d’autres entreprises (un fabricant, un secteur marqué « clientèle d’entreprises ») : commandes, fournisseurs, salons, pas de sortie en famille.',
    }),
  businessEventPolls: z
    .array(pollTextSchema.meta({ ...pollTextSchema.meta(), title: 'Sondage' }))
    .min(2)
    .meta({
      title: 'Sondages sur l’événement, pour une clientèle d’entreprises',
      description: 'Comme les sondages sur l’événement, quand le visiteur vend à d’autres entreprises.',
    }),
  soberActivityPolls: z
    .array(pollTextSchema.meta({ ...pollTextSchema.meta(), title: 'Sondage' }))
    .min(3)
    .meta({
      title: 'Sondages sur l’activité, pour les métiers du deuil',
      description: 'Comme les sondages sur l’activité, quand le visiteur accompagne le deuil (mots des métiers du deuil) : accueil, conseil, démarches ; rien de festif.',
    }),
  soberEventPolls: z
    .array(pollTextSchema.meta({ ...pollTextSchema.meta(), title: 'Sondage' }))
    .min(2)
    .meta({
      title: 'Sondages sur l’événement, pour les métiers du deuil',
      description: 'Comme les sondages sur l’événement, quand le visiteur accompagne le deuil : information, souvenir, rencontre ; ni plaisir, ni sortie, ni lot.',
    }),
})

const templatesIn = (title: string) => languageTemplatesSchema.meta({ title, description: PLACEHOLDER_HELP })

/** content/generator/templates.json */
export const templatesFileSchema = z
  .strictObject({
    $schema,
    fr: templatesIn('Textes en français'),
    en: templatesIn('Textes en anglais'),
    signals: z
      .strictObject({
        toneInstruction: keywords(1, 'Demande de ton', 'Une phrase qui contient l’un d’eux règle le ton du jeu au lieu de devenir une question (« sur un ton », « tutoi* »).'),
        tones: z
          .strictObject({
            fun: keywords(1, 'Ton léger', 'Les mots qui demandent de l’humour (« drôle », « décalé* »).'),
            elegant: keywords(1, 'Ton élégant', 'Les mots qui demandent un ton chic ou sobre (« élégant* », « premium »).'),
          })
          .meta({ title: 'Tons', description: 'Sans l’un de ces mots, le jeu prend le ton chaleureux.' }),
        prize: keywords(1, 'Lot à gagner', 'Une phrase qui contient l’un d’eux annonce un lot : elle va dans l’introduction et le message de fin.'),
      })
      .meta({ title: 'Mots repérés chez le visiteur', description: 'Dans ses informations complémentaires : les mots qui demandent un ton, et ceux qui annoncent un lot.' }),
  })
  .meta({ title: 'Textes des jeux', description: 'Les phrases autour des questions : titres, introductions, messages de fin.' })

const word = z
  .string()
  .regex(/^[\p{L}\p{N}'’-]{1,40}$/u, 'expected a single word')
  .meta({ title: 'Mot', widget: 'string' })
const words = (min: number, title: string, description: string) => z.array(word).min(min).meta({ title, description, folded: true })

/** content/generator/language.json */
export const languageFileSchema = z
  .strictObject({
    $schema,
    /** Lower-case words that betray a language: French words in an English game and the reverse. */
    markers: z
      .strictObject({
        fr: words(10, 'Mots français', 'Au moins 10, en minuscules : l’un d’eux dans un jeu en anglais trahit une phrase restée en français.'),
        en: words(10, 'Mots anglais', 'Au moins 10, en minuscules : l’un d’eux dans un jeu en français trahit une phrase restée en anglais.'),
      })
      .meta({ title: 'Mots propres à une langue', description: 'Des mots courants qui n’existent que dans une langue : le contrôle de qualité refuse un jeu qui mélange les deux.' }),
    stopWords: words(10, 'Petits mots', 'Articles, prépositions, pronoms (« le », « de », « the ») : ignorés quand le générateur compare des textes.'),
    /** Words too vague to show what a question is about ("entreprise", "event"). */
    genericWords: words(1, 'Mots trop vagues', 'Des mots qui ne disent pas de quoi parle un texte (« entreprise », « event ») : ils ne suffisent pas à reconnaître un secteur.'),
    /** Words of the industries no sector covers: an activity they describe better than any sector's words gets general facts. */
    uncoveredIndustries: keywords(
      20,
      'Industries sans secteur',
      'Les mots des activités qu’aucun secteur ne couvre (divisions de la NAF sans secteur : extraction, papier, chimie, plasturgie, métallurgie, machines, énergie, eau et déchets, pompes funèbres). Quand ils décrivent une activité mieux que les mots d’un secteur, le jeu prend les faits de l’événement et des faits généraux, jamais ceux d’un secteur voisin.',
    ),
    /** Words saying an activity makes things in a factory: with no other word of a world, an industry no sector covers. */
    industryWords: keywords(
      3,
      'Mots de l’industrie',
      'Les mots d’une activité qui fabrique en usine (« fabrication », « manufacturer », « industriel ») : quand aucun autre mot de l’activité ne désigne un secteur (« spring manufacturer », « fabrication de ressorts »), c’est une industrie qu’aucun secteur ne couvre, et le jeu prend les faits de l’événement et des faits généraux, pas ceux du secteur que les mots de l’événement évoqueraient.',
    ),
    /** Words saying an activity makes what it sells ("fabrication", "maker"): a sector may send its makers to another. */
    makerWords: keywords(
      3,
      'Mots de fabrication',
      'Les mots d’une activité qui fabrique ce qu’elle vend (« fabrication », « fabricant », « maker », « producteur ») : quand le secteur trouvé nomme un « secteur de ceux qui fabriquent », l’activité est de celui-là (« hot sauce maker » : commerces alimentaires, pas restaurants).',
    ),
    /** Words saying an activity sells to other businesses ("B2B", "grossiste"). */
    businessClientWords: keywords(
      3,
      'Mots d’une clientèle d’entreprises',
      'Les mots d’une activité qui vend à d’autres entreprises (« B2B », « grossiste », « sous-traitance ») : ses sondages parlent de commandes et de fournisseurs, pas de sorties en famille. Une industrie qu’aucun secteur ne couvre et que nomme un mot de l’industrie (« fabrication de ressorts ») en est une aussi.',
    ),
    /** Trades of mourning ("pompes funèbres", "funeral home"): their polls stay sober, never festive. */
    mourningWords: keywords(
      3,
      'Mots des métiers du deuil',
      'Les mots d’une activité qui accompagne le deuil (« pompes funèbres », « funeral home », « crématorium ») : ses sondages sont les sondages sobres des modèles, jamais ceux de la banque (la Toussaint y parle de sorties de vacances), ni soirée en amoureux ni lot à gagner.',
    ),
    /** Roles done in every world ("consultant", "courtier", "loueur"): the world is what they are done in. */
    roleWords: keywords(
      3,
      'Rôles de tous les mondes',
      'Les mots d’un métier qui se fait dans tous les mondes (« consultant », « courtier », « loueur », « auctioneer ») : un métier qu’ils nomment seuls cède la place au monde des autres mots de l’activité (« garden consultant » : jardin ; « courtier en vins » : vins), et en tête d’une activité française ils laissent le monde à leur complément. Seuls, ils nomment toujours leur métier.',
    ),
    /** The people a business serves ("pour seniors", "for small businesses"): they say who its customers are, not its trade. */
    audienceWords: keywords(
      10,
      'Publics',
      'Les mots qui nomment une clientèle (« seniors », « enfants », « PME », « students ») : dans une activité, ils disent pour qui elle travaille, pas son métier. Ils ne désignent un secteur que si aucun autre mot de l’activité n’en désigne un (« garde d’enfants »).',
    ),
    /** Services done to anything: at the head of an activity they name its trade, whatever they are done to. */
    serviceHeads: words(
      2,
      'Services faits à tout',
      'Les mots d’un service qui s’applique à n’importe quel objet (« réparation », « nettoyage », « repair ») : en tête d’une activité (« réparation de drones de loisir », « sofa repair »), ils disent son métier, pas l’objet qui suit.',
    ),
    /** How a service is delivered ("cours", "séance", "lesson"): before "with", who gives it says the world. */
    sessionWords: keywords(
      5,
      'Formes d’une prestation',
      'Les mots qui disent sous quelle forme un service est rendu (« cours », « séance », « consultation », « lesson », « tour ») : dans « séances avec un ostéopathe » ou « lessons with a tennis coach », c’est le métier nommé après « avec » ou « with » qui dit le monde, alors que dans « hôtel avec spa » c’est le lieu nommé avant.',
    ),
    /** Occasions a business is hired for: after "pour" or "for", their world is the business's too. */
    occasionWords: keywords(
      5,
      'Occasions servies',
      'Les occasions pour lesquelles on engage un prestataire (« mariage », « soirée », « wedding », « party ») : nommées après « pour » ou « for » (« chanteuse pour mariages », « string quartet for weddings »), le monde où elles se trouvent devient aussi celui de l’activité, à côté de celui de son métier.',
    ),
    /** Phrases one of whose words is a world's but which name none ("bank holiday": a day off, not banking). */
    idioms: keywords(
      1,
      'Expressions sans monde',
      'Les expressions dont un mot appartient au monde d’un secteur mais qui n’en nomment aucun (« bank holiday » : un jour férié, pas la banque) : ce mot n’y désigne pas le secteur.',
    ),
  })
  .meta({ title: 'Mots de la langue', description: 'Les listes de mots des contrôles de qualité des jeux.' })

/** Each file of content/generator/ (glob relative to it) and its schema, for the site-wide content check. */
export const generatorContentSchemas = {
  'sectors/*.json': sectorFileSchema,
  'events/*.json': eventsFileSchema,
  'general.json': generalFileSchema,
  'templates.json': templatesFileSchema,
  'language.json': languageFileSchema,
} as const

export type SectorFile = z.infer<typeof sectorFileSchema>
export type EventsFile = z.infer<typeof eventsFileSchema>
export type GeneralFile = z.infer<typeof generalFileSchema>
export type TemplatesFile = z.infer<typeof templatesFileSchema>
export type LanguageFile = z.infer<typeof languageFileSchema>
export type FactText = z.infer<typeof factTextSchema>
export type PollText = z.infer<typeof pollTextSchema>
export type EventKind = (typeof EVENT_KINDS)[number]
export type EventNames = z.infer<typeof eventNamesSchema>
export type LanguageTemplates = z.infer<typeof languageTemplatesSchema>

export interface BankFileSource {
  /** Path under content/generator/, for the messages. */
  path: string
  data: unknown
}

export interface BankFileSources {
  sectors: BankFileSource[]
  events: BankFileSource[]
  general: BankFileSource
  templates: BankFileSource
  language: BankFileSource
}

function problemsOf(schema: z.ZodType, { path, data }: BankFileSource, problems: string[]): void {
  const result = schema.safeParse(data)
  if (!result.success) for (const issue of result.error.issues) problems.push(`${path} › ${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`)
}

/** A mistake between bank files: the file (under content/generator/), where in it, and what is wrong. */
export interface BankReferenceProblem {
  file: string
  at: (string | number)[]
  message: string
}

/**
 * The parts of the bank files that the checks across files read, each as the file's own schema has it. A
 * file whose other parts have mistakes is still checked across files: its misnamed sector is told with
 * those mistakes, not once they are fixed. A wrong id fails here too, so it is told once, by its schema.
 */
const sectorFileReferencesSchema = z.object({
  id: sectorFileSchema.shape.id,
  trades: z.array(z.object({ id: tradeSchema.shape.id })),
  makers: sectorFileSchema.shape.makers,
})
const eventsFileReferencesSchema = z.object({ events: z.array(z.object({ id: eventSchema.shape.id, sectors: eventSchema.shape.sectors })) })

/** The id a sector file's name gives it: "sectors/garden.json" → "garden". */
const sectorIdOf = (path: string) => path.replace(/^sectors\/(.*)\.json$/, '$1')

/** The files whose `schema` parts are well formed, with those parts. */
function wellFormed<T>(schema: z.ZodType<T>, files: readonly BankFileSource[]): { path: string; data: T }[] {
  return files.flatMap(({ path, data }) => {
    const parsed = schema.safeParse(data)
    return parsed.success ? [{ path, data: parsed.data }] : []
  })
}

/**
 * What the schemas cannot see alone: sector files named by their id, ids used once across files, and the
 * sectors an event or a sector's makers name existing.
 */
export function bankReferenceProblems(sectorFiles: readonly BankFileSource[], eventFiles: readonly BankFileSource[]): BankReferenceProblem[] {
  // Every sector the bank has, its file valid or not: a sector with mistakes of its own is still there.
  const sectorIds = new Set(sectorFiles.map(({ path }) => sectorIdOf(path)))
  const sectors = wellFormed(sectorFileReferencesSchema, sectorFiles)
  const events = wellFormed(eventsFileReferencesSchema, eventFiles)
  const problems: BankReferenceProblem[] = []
  const seen = new Map<string, string>()
  const once = (kind: string, id: string, file: string, at: (string | number)[]) => {
    const first = seen.get(`${kind} ${id}`)
    if (first) problems.push({ file, at, message: `${kind} id "${id}" is already used in ${first}; expected an id of its own` })
    else seen.set(`${kind} ${id}`, file)
  }
  for (const { path, data } of sectors) {
    if (path !== `sectors/${data.id}.json`) problems.push({ file: path, at: ['id'], message: `"${data.id}" does not match the file name; expected "${sectorIdOf(path)}"` })
    once('sector', data.id, path, ['id'])
    data.trades.forEach((trade, index) => once('trade', trade.id, path, ['trades', index, 'id']))
    if (data.makers !== undefined && !sectorIds.has(data.makers)) problems.push({ file: path, at: ['makers'], message: `no sector "${data.makers}"` })
  }
  for (const { path, data } of events) {
    data.events.forEach((event, index) => {
      once('event', event.id, path, ['events', index, 'id'])
      event.sectors?.forEach((sector, at) => {
        if (!sectorIds.has(sector)) problems.push({ file: path, at: ['events', index, 'sectors', at], message: `no sector "${sector}"` })
      })
    })
  }
  return problems
}

/** Every mistake of every content file, as "file › path: message", and of the references between them. */
export function validateBankFiles(sources: BankFileSources): string[] {
  const problems: string[] = []
  for (const file of sources.sectors) problemsOf(sectorFileSchema, file, problems)
  for (const file of sources.events) problemsOf(eventsFileSchema, file, problems)
  problemsOf(generalFileSchema, sources.general, problems)
  problemsOf(templatesFileSchema, sources.templates, problems)
  problemsOf(languageFileSchema, sources.language, problems)
  for (const { file, at, message } of bankReferenceProblems(sources.sectors, sources.events)) {
    problems.push(`${file} › ${at.join('.')}: ${message}`)
  }
  return problems
}
