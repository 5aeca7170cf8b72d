import type { Experience, ExperienceQuestion, GameLanguage, GeneratorRequest } from '#src/features/ai-generator/experience-schema'

/**
 * The generator `npm start` uses when no model is configured: it writes a real quiz (true facts with an
 * explanation) or poll from the company, its activity, the event and the extra information. Output is
 * varied across inputs and stable for the same input (seeded), in French or English.
 */

interface Fact {
  question: string
  right: string
  wrong: [string, string, string]
  explanation: string
}

interface Topic {
  keywords: RegExp
  facts: Record<GameLanguage, Fact[]>
}

const EVENTS: Topic[] = [
  {
    keywords: /no[eë]l|christmas|xmas|f[êe]tes de fin|avent|advent/i,
    facts: {
      fr: [
        { question: "Quel jour ouvre-t-on la première case d'un calendrier de l'Avent ?", right: 'Le 1er décembre', wrong: ['Le 24 novembre', 'Le 6 décembre', 'Le 1er novembre'], explanation: "Le calendrier de l'Avent compte les jours du 1er au 24 décembre, jusqu'au réveillon." },
        { question: 'Quel saint, fêté le 6 décembre, gâte les enfants dans l’Est de la France ?', right: 'Saint Nicolas', wrong: ['Saint Martin', 'Saint Éloi', 'Saint Valentin'], explanation: 'En Lorraine et en Alsace, saint Nicolas distribue friandises et pains d’épices le 6 décembre.' },
        { question: "D'où vient la tradition du sapin de Noël décoré ?", right: 'Des pays rhénans (Alsace, Allemagne)', wrong: ["D'Italie", "D'Espagne", 'De Grèce'], explanation: 'Les premières mentions de sapins décorés, au XVIe siècle, viennent de Sélestat en Alsace et des pays germaniques.' },
      ],
      en: [
        { question: 'On which day do you open the first door of an Advent calendar?', right: 'December 1st', wrong: ['November 24th', 'December 6th', 'November 1st'], explanation: 'An Advent calendar counts the days from December 1st to Christmas Eve.' },
        { question: 'Where does the tradition of the decorated Christmas tree come from?', right: 'The Rhine region (Alsace, Germany)', wrong: ['Italy', 'Spain', 'Greece'], explanation: 'The first records of decorated trees, in the 16th century, come from Sélestat in Alsace and German-speaking lands.' },
      ],
    },
  },
  {
    keywords: /valentin|valentine|amoureux/i,
    facts: {
      fr: [
        { question: 'Quel jour fête-t-on la Saint-Valentin ?', right: 'Le 14 février', wrong: ['Le 14 mars', 'Le 1er février', 'Le 21 mars'], explanation: 'La fête des amoureux tombe chaque année le 14 février.' },
        { question: 'Quelle fleur symbolise traditionnellement la Saint-Valentin ?', right: 'La rose rouge', wrong: ['Le muguet', 'Le chrysanthème', 'La tulipe jaune'], explanation: 'La rose rouge est associée à la passion ; c’est la fleur la plus offerte le 14 février.' },
      ],
      en: [
        { question: "When is Valentine's Day celebrated?", right: 'February 14th', wrong: ['March 14th', 'February 1st', 'March 21st'], explanation: "Valentine's Day falls on February 14th every year." },
        { question: "Which flower is the traditional symbol of Valentine's Day?", right: 'The red rose', wrong: ['Lily of the valley', 'The chrysanthemum', 'The yellow tulip'], explanation: 'The red rose stands for passion and is the most offered flower on February 14th.' },
      ],
    },
  },
  {
    keywords: /halloween|citrouille|pumpkin/i,
    facts: {
      fr: [
        { question: 'De quelle fête celtique Halloween tire-t-il son origine ?', right: 'Samain', wrong: ['Beltaine', 'Imbolc', 'Lugnasad'], explanation: 'Samain marquait la fin des récoltes et le début de l’année celtique, la nuit du 31 octobre.' },
        { question: 'Quel légume les Irlandais creusaient-ils avant d’adopter la citrouille ?', right: 'Le navet', wrong: ['La carotte', 'Le poireau', 'La pomme de terre'], explanation: 'Les lanternes de Jack étaient taillées dans des navets ; la citrouille s’est imposée en Amérique.' },
      ],
      en: [
        { question: 'Which Celtic festival is Halloween descended from?', right: 'Samhain', wrong: ['Beltane', 'Imbolc', 'Lughnasadh'], explanation: 'Samhain marked the end of the harvest and the start of the Celtic year on the night of October 31st.' },
        { question: 'Which vegetable did the Irish carve before pumpkins?', right: 'Turnips', wrong: ['Carrots', 'Leeks', 'Potatoes'], explanation: "Jack-o'-lanterns were first carved from turnips; pumpkins took over in America." },
      ],
    },
  },
  {
    keywords: /p[âa]ques|easter/i,
    facts: {
      fr: [
        { question: 'Dans la tradition française, qui apporte les œufs de Pâques ?', right: 'Les cloches', wrong: ['Le lapin', 'Le Père Noël', 'Une fée'], explanation: 'En France, les cloches, parties à Rome, reviennent le dimanche de Pâques en semant des œufs.' },
        { question: 'Quel dimanche précède celui de Pâques ?', right: 'Le dimanche des Rameaux', wrong: ['La Pentecôte', "L'Ascension", 'La Toussaint'], explanation: 'Les Rameaux ouvrent la semaine sainte, une semaine avant Pâques.' },
      ],
      en: [
        { question: 'In French tradition, who brings the Easter eggs?', right: 'The bells', wrong: ['The rabbit', 'Father Christmas', 'A fairy'], explanation: 'In France, church bells fly back from Rome on Easter Sunday and drop eggs in gardens.' },
      ],
    },
  },
  {
    keywords: /f[êe]te des m[èe]res|mother/i,
    facts: {
      fr: [
        { question: 'En France, quand a lieu la fête des mères en règle générale ?', right: 'Le dernier dimanche de mai', wrong: ['Le 1er mai', 'Le deuxième dimanche de mai', 'Le 15 août'], explanation: 'Elle est fixée au dernier dimanche de mai, reportée au premier dimanche de juin quand il coïncide avec la Pentecôte.' },
      ],
      en: [
        { question: "When is Mother's Day celebrated in France?", right: 'The last Sunday of May', wrong: ['May 1st', 'The second Sunday of May', 'August 15th'], explanation: 'It is the last Sunday of May, moved to the first Sunday of June when it falls on Pentecost.' },
      ],
    },
  },
  {
    keywords: /solde|sales|black friday|promo/i,
    facts: {
      fr: [
        { question: "Combien de semaines durent les soldes d'hiver en France depuis 2020 ?", right: '4 semaines', wrong: ['6 semaines', '2 semaines', '8 semaines'], explanation: 'La loi Pacte a ramené la durée de chaque période de soldes de six à quatre semaines.' },
        { question: 'Que doit afficher une étiquette soldée ?', right: 'Le prix de référence barré et le nouveau prix', wrong: ['Uniquement le pourcentage de remise', 'Le prix de gros', 'Rien de particulier'], explanation: 'Le consommateur doit pouvoir comparer le prix de référence et le prix réduit.' },
      ],
      en: [
        { question: 'How long have French winter sales lasted since 2020?', right: '4 weeks', wrong: ['6 weeks', '2 weeks', '8 weeks'], explanation: 'The PACTE law cut each sales period from six to four weeks.' },
      ],
    },
  },
  {
    keywords: /anniversaire|anniversary|ans d'existence|years/i,
    facts: {
      fr: [
        { question: 'Comment appelle-t-on traditionnellement un 25e anniversaire ?', right: "Les noces d'argent", wrong: ["Les noces d'or", 'Les noces de diamant', 'Les noces de papier'], explanation: "25 ans, ce sont les noces d'argent ; 50 ans, les noces d'or." },
        { question: "Et un 50e anniversaire ?", right: "Les noces d'or", wrong: ["Les noces d'argent", 'Les noces de coton', 'Les noces de cristal'], explanation: "Un demi-siècle se célèbre avec les noces d'or." },
      ],
      en: [
        { question: 'What is a 25th anniversary traditionally called?', right: 'Silver anniversary', wrong: ['Golden anniversary', 'Diamond anniversary', 'Paper anniversary'], explanation: '25 years is silver; 50 years is gold.' },
      ],
    },
  },
  {
    keywords: /musique|music|[ée]t[ée]|summer|vacances|holiday/i,
    facts: {
      fr: [
        { question: 'Quel jour a lieu la Fête de la musique ?', right: 'Le 21 juin', wrong: ['Le 14 juillet', 'Le 1er mai', 'Le 21 mars'], explanation: 'Créée en 1982, elle tombe le jour du solstice d’été, le 21 juin.' },
      ],
      en: [
        { question: "When is France's Fête de la musique held?", right: 'June 21st', wrong: ['July 14th', 'May 1st', 'March 21st'], explanation: 'Created in 1982, it takes place on the summer solstice, June 21st.' },
      ],
    },
  },
  {
    keywords: /rentr[ée]e|back to school/i,
    facts: {
      fr: [
        { question: 'En quel mois a lieu la rentrée scolaire en France métropolitaine ?', right: 'Septembre', wrong: ['Octobre', 'Juillet', 'Janvier'], explanation: 'Les élèves reprennent les cours début septembre, au terme des vacances d’été.' },
      ],
      en: [
        { question: 'In which month do French pupils go back to school?', right: 'September', wrong: ['October', 'July', 'January'], explanation: 'School starts again in early September, after the summer holidays.' },
      ],
    },
  },
]

const SECTORS: Topic[] = [
  {
    keywords: /boulang|p[âa]tiss|pain|bakery|bread/i,
    facts: {
      fr: [
        { question: 'Combien d’ingrédients compte une baguette de tradition française ?', right: 'Quatre : farine, eau, sel, levure ou levain', wrong: ['Six, dont du sucre', 'Huit, dont du beurre', 'Deux : farine et eau'], explanation: 'Le décret « pain » de 1993 réserve l’appellation aux pains sans additif, faits de ces quatre ingrédients.' },
        { question: "Depuis quand la baguette est-elle inscrite au patrimoine culturel immatériel de l'UNESCO ?", right: '2022', wrong: ['2010', '1998', '2018'], explanation: "Les savoir-faire artisanaux et la culture de la baguette ont été inscrits en novembre 2022." },
      ],
      en: [
        { question: 'How many ingredients make a French "baguette de tradition"?', right: 'Four: flour, water, salt, yeast or sourdough', wrong: ['Six, including sugar', 'Eight, including butter', 'Two: flour and water'], explanation: 'A 1993 decree reserves the name for bread made of these four ingredients with no additives.' },
      ],
    },
  },
  {
    keywords: /restaura|caf[ée]|bistro|brasserie|traiteur|food|cuisine/i,
    facts: {
      fr: [
        { question: "En quelle année le repas gastronomique des Français a-t-il été inscrit à l'UNESCO ?", right: '2010', wrong: ['1990', '2000', '2020'], explanation: 'Il figure depuis 2010 sur la liste du patrimoine culturel immatériel de l’humanité.' },
        { question: 'Que garantit la mention « fait maison » sur une carte ?', right: 'Un plat cuisiné sur place à partir de produits crus', wrong: ['Un plat livré par un grossiste', 'Un plat surgelé réchauffé', 'Une recette familiale'], explanation: 'Depuis 2014, la mention est réservée aux plats élaborés sur place à partir de produits bruts.' },
      ],
      en: [
        { question: "When was the French gastronomic meal added to UNESCO's heritage list?", right: '2010', wrong: ['1990', '2000', '2020'], explanation: 'It has been on the list of Intangible Cultural Heritage since 2010.' },
      ],
    },
  },
  {
    keywords: /mode|v[êe]tement|pr[êe]t-[àa]-porter|fashion|textile|chaussure/i,
    facts: {
      fr: [
        { question: 'Quelle créatrice a popularisé la petite robe noire dans les années 1920 ?', right: 'Gabrielle « Coco » Chanel', wrong: ['Jeanne Lanvin', 'Madeleine Vionnet', 'Elsa Schiaparelli'], explanation: 'En 1926, Vogue compare la petite robe noire de Chanel à la Ford T : simple et pour toutes.' },
      ],
      en: [
        { question: 'Which designer made the little black dress famous in the 1920s?', right: 'Gabrielle "Coco" Chanel', wrong: ['Jeanne Lanvin', 'Madeleine Vionnet', 'Elsa Schiaparelli'], explanation: "In 1926 Vogue compared Chanel's little black dress to the Ford Model T: simple and for everyone." },
      ],
    },
  },
  {
    keywords: /sport|fitness|salle|club|football|running|v[ée]lo/i,
    facts: {
      fr: [
        { question: 'Combien de joueurs une équipe de football aligne-t-elle sur le terrain ?', right: '11', wrong: ['9', '10', '12'], explanation: 'Onze joueurs par équipe, gardien compris.' },
        { question: 'En quelle année Paris a-t-il accueilli les Jeux olympiques d’été pour la troisième fois ?', right: '2024', wrong: ['2012', '2016', '2020'], explanation: 'Après 1900 et 1924, Paris a accueilli les Jeux une troisième fois en 2024.' },
      ],
      en: [
        { question: 'How many players does a football team field?', right: '11', wrong: ['9', '10', '12'], explanation: 'Eleven players per side, goalkeeper included.' },
        { question: 'In which year did Paris host the Summer Olympics for the third time?', right: '2024', wrong: ['2012', '2016', '2020'], explanation: 'After 1900 and 1924, Paris hosted the Games again in 2024.' },
      ],
    },
  },
  {
    keywords: /vin|cave|caviste|wine|spiritueux/i,
    facts: {
      fr: [
        { question: 'Combien de bouteilles de 75 cl contient un magnum ?', right: 'Deux', wrong: ['Trois', 'Quatre', 'Six'], explanation: 'Un magnum fait 1,5 litre, soit deux bouteilles standard.' },
        { question: 'Que signifie AOP sur une étiquette ?', right: 'Appellation d’origine protégée', wrong: ['Association des œnologues professionnels', 'Agriculture d’origine paysanne', 'Assemblage officiel de production'], explanation: 'L’AOP garantit un lien entre le produit, son terroir et un savoir-faire, selon un cahier des charges européen.' },
      ],
      en: [
        { question: 'How many 75 cl bottles does a magnum hold?', right: 'Two', wrong: ['Three', 'Four', 'Six'], explanation: 'A magnum holds 1.5 litres, two standard bottles.' },
      ],
    },
  },
  {
    keywords: /beaut[ée]|cosm[ée]ti|coiff|esth[ée]ti|parfum|beauty|spa/i,
    facts: {
      fr: [
        { question: "Sur une crème solaire, que mesure l'indice SPF ?", right: 'La protection contre les UVB', wrong: ['La quantité de parfum', 'La résistance à l’eau', 'La teneur en vitamines'], explanation: 'Le SPF (Sun Protection Factor) indique la protection contre les UVB, responsables des coups de soleil.' },
      ],
      en: [
        { question: 'What does the SPF of a sunscreen measure?', right: 'Protection against UVB rays', wrong: ['Fragrance strength', 'Water resistance', 'Vitamin content'], explanation: 'SPF (Sun Protection Factor) rates protection against UVB rays, which cause sunburn.' },
      ],
    },
  },
  {
    keywords: /livre|librair|book|[ée]dition/i,
    facts: {
      fr: [
        { question: 'Quelle loi fixe le prix du livre neuf en France ?', right: 'La loi Lang de 1981', wrong: ['La loi Evin de 1991', 'La loi Toubon de 1994', 'La loi Hamon de 2014'], explanation: "Depuis la loi Lang, l'éditeur fixe le prix et les remises sont limitées à 5 %." },
      ],
      en: [
        { question: 'Which French law sets a fixed price for new books?', right: 'The 1981 Lang law', wrong: ['The 1991 Evin law', 'The 1994 Toubon law', 'The 2014 Hamon law'], explanation: 'Since the Lang law, the publisher sets the price and discounts are capped at 5%.' },
      ],
    },
  },
  {
    keywords: /fleur|jardin|flower|garden|plante/i,
    facts: {
      fr: [
        { question: 'Quel jour offre-t-on traditionnellement du muguet en France ?', right: 'Le 1er mai', wrong: ['Le 14 février', 'Le 21 juin', 'Le 8 mai'], explanation: 'Le brin de muguet du 1er mai porte bonheur ; la tradition remonte au XVIe siècle.' },
      ],
      en: [
        { question: 'On which day is lily of the valley traditionally given in France?', right: 'May 1st', wrong: ['February 14th', 'June 21st', 'May 8th'], explanation: 'A sprig of lily of the valley on May 1st is said to bring luck.' },
      ],
    },
  },
]

const GENERIC: Record<GameLanguage, (company: string) => Fact[]> = {
  fr: (company) => [
    { question: "Depuis 2014, faut-il déposer le règlement d'un jeu-concours chez un commissaire de justice ?", right: 'Non, mais il doit être accessible aux participants', wrong: ['Oui, toujours', 'Seulement pour les jeux en ligne', 'Seulement au-delà de 100 lots'], explanation: 'La loi Hamon a supprimé le dépôt obligatoire ; le règlement reste dû et doit être communiqué à qui le demande.' },
    { question: `Quel est le meilleur moyen de ne rien manquer des prochaines animations de ${company} ?`, right: 'S’inscrire à sa newsletter', wrong: ['Attendre une affiche en vitrine', 'Deviner la date', 'Rien, tout est secret'], explanation: `La newsletter de ${company} annonce les nouveautés, les offres et les prochains jeux en premier.` },
    { question: "Qu'est-ce qu'un jeu « instant gagnant » ?", right: 'Un jeu où l’on sait tout de suite si l’on a gagné', wrong: ['Un tirage au sort en fin de mois', 'Un quiz chronométré', 'Un concours photo'], explanation: 'Le résultat est immédiat : chaque participation est gagnante ou perdante selon une table de lots fixée à l’avance.' },
    { question: "Que doit obtenir une marque avant d'envoyer une newsletter commerciale à un particulier ?", right: 'Son consentement préalable', wrong: ['Son numéro de téléphone', 'Rien du tout', 'Une copie de sa pièce d’identité'], explanation: 'La prospection par e-mail auprès des particuliers suppose leur accord préalable (article L34-5 du Code des postes et des communications électroniques).' },
    { question: 'Un jeu-concours gratuit peut-il imposer un achat pour participer ?', right: 'Non, la participation doit rester sans obligation d’achat', wrong: ['Oui, toujours', 'Oui, si le lot dépasse 50 €', 'Seulement le week-end'], explanation: 'Une loterie liée à un achat obligatoire est encadrée strictement ; un jeu promotionnel doit laisser une voie gratuite.' },
  ],
  en: (company) => [
    { question: `What is the best way not to miss ${company}'s next events?`, right: 'Subscribe to its newsletter', wrong: ['Wait for a poster in the window', 'Guess the date', 'Nothing, it is all secret'], explanation: `${company}'s newsletter announces new products, offers and upcoming games first.` },
    { question: 'Can a free prize draw require a purchase to enter?', right: 'No, entry must stay free of any purchase', wrong: ['Yes, always', 'Yes, if the prize is worth over €50', 'Only at weekends'], explanation: 'In France, a promotional game must always offer a free way to take part.' },
    { question: 'What is an "instant win" game?', right: 'A game where you find out straight away whether you won', wrong: ['A draw at the end of the month', 'A timed quiz', 'A photo contest'], explanation: 'The result is immediate: each entry wins or loses according to a prize table set in advance.' },
    { question: 'What must a brand obtain before sending a marketing newsletter to a consumer in France?', right: 'Their prior consent', wrong: ['Their phone number', 'Nothing at all', 'A copy of their ID'], explanation: 'E-mail marketing to consumers requires their prior agreement under French law.' },
    { question: 'How long may a French audience-measurement cookie live at most?', right: '13 months', wrong: ['1 month', '5 years', 'Forever'], explanation: 'The CNIL caps audience-measurement cookies at 13 months, without extension on each visit.' },
  ],
}

const TEXT = {
  fr: {
    quizTitle: (company: string, event: string) => `Le grand quiz ${company} : ${event}`,
    pollTitle: (company: string, event: string) => `${event} : ${company} vous donne la parole`,
    quizIntro: (company: string, event: string, activity: string) =>
      `À l'occasion de « ${event} », ${company} (${activity}) vous met au défi : cinq questions, une seule bonne réponse à chaque fois. Prêt à tenter votre chance ?`,
    pollIntro: (company: string, event: string) => `Pour préparer « ${event} », ${company} veut vous connaître un peu mieux. Cinq questions, une minute, et vos réponses guident nos prochaines idées.`,
    quizClosing: (company: string) => `Merci d'avoir joué avec ${company} ! Laissez votre adresse pour participer au tirage au sort et recevoir la bonne réponse à chaque question.`,
    pollClosing: (company: string) => `Merci pour vos réponses ! ${company} les lit toutes : rendez-vous très bientôt pour découvrir ce que vous avez choisi.`,
    trueFalse: ['Vrai', 'Faux'] as [string, string],
    extraQuestion: (company: string, extra: string) => `Vrai ou faux : selon ${company}, « ${extra} »`,
    extraExplanation: (company: string) => `C'est ${company} qui vous l'annonce : c'est vrai !`,
    polls: (company: string, event: string, activity: string, extra: string) => [
      { question: `Pour « ${event} », qu'est-ce qui vous ferait le plus plaisir chez ${company} ?`, answers: ['Une réduction immédiate', 'Un cadeau offert dès le premier achat', 'Une soirée privée en boutique', 'Un jeu avec de gros lots à gagner'] },
      { question: `Comment préférez-vous découvrir les nouveautés de ${company} ?`, answers: ['En magasin', 'Sur les réseaux sociaux', 'Par e-mail', 'Par SMS'] },
      { question: `Qu'est-ce qui compte le plus pour vous quand vous choisissez un professionnel (${activity}) ?`, answers: ['La qualité', 'Le prix', 'Le conseil', 'La proximité'] },
      { question: `Quel lot vous donnerait le plus envie de jouer avec ${company} ?`, answers: ["Un bon d'achat", 'Un produit phare de la maison', 'Une expérience à vivre', 'Un abonnement d’un an'] },
      { question: `À quelle fréquence venez-vous chez ${company} ?`, answers: ['Chaque semaine', 'Une à deux fois par mois', 'Quelques fois par an', 'Ce sera ma première fois'] },
      { question: `Avec qui aimeriez-vous profiter de « ${event} » ?`, answers: ['En famille', 'Entre amis', 'En amoureux', 'Avec mes collègues'] },
      ...(extra ? [{ question: `Saviez-vous que ${company} annonce ceci : « ${extra} » ?`, answers: ['Oui, je suis au courant', 'Non, je le découvre', "J'aimerais en savoir plus"] }] : []),
    ],
  },
  en: {
    quizTitle: (company: string, event: string) => `The big ${company} quiz: ${event}`,
    pollTitle: (company: string, event: string) => `${event}: ${company} wants your opinion`,
    quizIntro: (company: string, event: string, activity: string) =>
      `For "${event}", ${company} (${activity}) has a challenge for you: five questions, one right answer each time. Ready to try your luck?`,
    pollIntro: (company: string, event: string) => `To get ready for "${event}", ${company} would like to know you better. Five questions, one minute, and your answers shape our next ideas.`,
    quizClosing: (company: string) => `Thanks for playing with ${company}! Leave your e-mail address to enter the prize draw and get the answer to every question.`,
    pollClosing: (company: string) => `Thank you for your answers! ${company} reads every one of them: see you soon to find out what you chose.`,
    trueFalse: ['True', 'False'] as [string, string],
    extraQuestion: (company: string, extra: string) => `True or false: according to ${company}, "${extra}"`,
    extraExplanation: (company: string) => `${company} says so itself: it is true!`,
    polls: (company: string, event: string, activity: string, extra: string) => [
      { question: `For "${event}", what would please you most at ${company}?`, answers: ['An instant discount', 'A free gift with your first purchase', 'A private evening in store', 'A game with big prizes'] },
      { question: `How do you prefer to hear about ${company}'s new products?`, answers: ['In store', 'On social media', 'By e-mail', 'By text message'] },
      { question: `What matters most when you choose a business (${activity})?`, answers: ['Quality', 'Price', 'Advice', 'Being close by'] },
      { question: `Which prize would make you most want to play with ${company}?`, answers: ['A voucher', 'A best-selling product', 'An experience', 'A one-year subscription'] },
      { question: `How often do you visit ${company}?`, answers: ['Every week', 'Once or twice a month', 'A few times a year', 'It would be my first time'] },
      { question: `Who would you like to enjoy "${event}" with?`, answers: ['Family', 'Friends', 'My partner', 'Colleagues'] },
      ...(extra ? [{ question: `Did you know that ${company} announces this: "${extra}"?`, answers: ['Yes, I knew', 'No, this is new to me', "I'd like to know more"] }] : []),
    ],
  },
}

/** Deterministic pseudo-random numbers from the inputs (mulberry32 over a string hash). */
export function seededRandom(seed: string): () => number {
  let state = 0
  for (let index = 0; index < seed.length; index++) state = (Math.imul(31, state) + seed.charCodeAt(index)) | 0
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let value = Math.imul(state ^ (state >>> 15), 1 | state)
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296
  }
}

function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items]
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1))
    ;[copy[index], copy[other]] = [copy[other]!, copy[index]!]
  }
  return copy
}

function topicFacts(topics: Topic[], text: string, language: GameLanguage): Fact[] {
  return topics.filter((topic) => topic.keywords.test(text)).flatMap((topic) => topic.facts[language])
}

function firstSentence(text: string): string {
  const sentence = text.split(/(?<=[.!?])\s/)[0]?.trim() ?? ''
  return sentence.replace(/[.!?]+$/, '').slice(0, 140)
}

const QUESTION_COUNT = 5

/** Inputs can be long: generated texts stay within the experience schema's limits. */
function clip(value: string, max: number): string {
  return value.length <= max ? value : `${value.slice(0, max - 1).trimEnd()}…`
}

function factToQuestion(fact: Fact, random: () => number): ExperienceQuestion {
  const answers = shuffle([fact.right, ...fact.wrong], random)
  return { question: fact.question, answers, correctAnswer: answers.indexOf(fact.right), explanation: fact.explanation }
}

export function generateOffline(input: GeneratorRequest): Experience {
  const language = input.gameLanguage
  const text = TEXT[language]
  const random = seededRandom(JSON.stringify(input))
  const company = input.companyName.trim()
  const event = input.event.trim()
  const activity = input.companyActivity.trim()
  const extra = firstSentence(input.additionalInformation ?? '')

  if (input.gameType === 1) {
    const questions = shuffle(text.polls(company, event, activity, extra), random).slice(0, QUESTION_COUNT)
    return { kind: 'poll', language, title: clip(text.pollTitle(company, event), 120), introduction: clip(text.pollIntro(company, event), 600), questions: questions.map((question) => ({ ...question, question: clip(question.question, 300) })), closingMessage: clip(text.pollClosing(company), 600) }
  }

  const themed = shuffle([...topicFacts(EVENTS, `${event} ${input.additionalInformation}`, language), ...topicFacts(SECTORS, `${activity} ${company}`, language)], random)
  const generic = shuffle(GENERIC[language](company), random)
  const facts = [...themed.slice(0, extra ? QUESTION_COUNT - 1 : QUESTION_COUNT), ...generic].slice(0, extra ? QUESTION_COUNT - 1 : QUESTION_COUNT)
  const questions = facts.map((fact) => factToQuestion(fact, random))
  if (extra) {
    questions.splice(Math.floor(random() * (questions.length + 1)), 0, {
      question: text.extraQuestion(company, extra),
      answers: [...text.trueFalse],
      correctAnswer: 0,
      explanation: text.extraExplanation(company),
    })
  }
  return { kind: 'quiz', language, title: clip(text.quizTitle(company, event), 120), introduction: clip(text.quizIntro(company, event, activity), 600), questions: questions.map((question) => ({ ...question, question: clip(question.question, 300) })), closingMessage: clip(text.quizClosing(company), 600) }
}
