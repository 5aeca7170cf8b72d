import { describe, expect, it } from 'vitest'
import { parseExperience, type GeneratorRequest } from '#src/features/ai-generator/experience-schema'
import { bank } from '#src/server/generator/bank'
import { activityLabel, composeOffline, generateOffline } from '#src/server/generator/offline-generator'
import { assessExperience } from '#src/server/generator/quality'
import { matchTopics } from '#src/server/generator/topics'

const base: GeneratorRequest = { companyName: 'Boulangerie Lemoine', companyActivity: 'boulangerie artisanale', event: 'Noël', additionalInformation: '', gameType: 0, gameLanguage: 'fr', llmModel: 'fast' }
const visible = (input: GeneratorRequest) => JSON.stringify(generateOffline(input))
const origins = (input: GeneratorRequest) => composeOffline(input).origins.map((origin) => ('id' in origin ? `${origin.kind}:${origin.id}` : origin.kind))
/** Each question of the game written for `input`, with its answers, as one text. */
const questionsOf = (input: GeneratorRequest) => generateOffline(input).questions.map((question) => `${question.question} ${question.answers.join(' ')}`)

/** The ten-business walk of issue 22, as a visitor outside the bank would try it. */
const issueBriefs: GeneratorRequest[] = [
  { ...base, companyName: 'Harbor Vet Clinic', companyActivity: 'Veterinary clinic for cats and dogs', event: 'Pet dental month', gameLanguage: 'en' },
  { ...base, companyName: 'Cabinet Durand', companyActivity: 'expert-comptable', event: 'Déclaration de revenus' },
  { ...base, companyName: 'Escalade Vertige', companyActivity: 'salle d’escalade', event: 'Rentrée', additionalInformation: 'Nouveaux blocs chaque mois.' },
  { ...base, companyName: 'Brasserie du Canal', companyActivity: 'brasserie artisanale', event: 'Fête de la bière' },
  { ...base, companyName: 'Houblon & Co', companyActivity: 'craft brewery', event: 'Summer', gameLanguage: 'en' },
  { ...base, companyName: 'Auto-école Mistral', companyActivity: 'auto-école', event: 'Portes ouvertes' },
  { ...base, companyName: 'Fête à la Musique', companyActivity: 'disquaire', event: 'Fête de la musique' },
]

describe('offline generator', () => {
  it('writes a five-question quiz of facts about the trade and the event, each teaching something', () => {
    const quiz = parseExperience(generateOffline(base))
    expect(quiz).toMatchObject({ kind: 'quiz', language: 'fr' })
    expect(quiz.questions).toHaveLength(5)
    const text = JSON.stringify(quiz)
    expect(text).toMatch(/Avent|saint Nicolas|sapin|bûche/)
    expect(text).toMatch(/baguette|boulang/i)
    expect(assessExperience(base, quiz)).toEqual({ problems: [], onTopic: [true, true, true, true, true], informative: [true, true, true, true, true] })
    expect(origins(base).every((origin) => origin === 'sector:food-shops' || origin === 'event:christmas')).toBe(true)
  })

  it.each(issueBriefs.flatMap((input) => [input, { ...input, gameType: 1 as const }]).map((input) => [`${input.companyActivity} / ${input.event} (${input.gameType ? 'poll' : 'quiz'})`, input] as const))(
    'gives %s five questions that pass every check',
    (_name, input) => {
      const game = parseExperience(generateOffline(input))
      expect(game.questions).toHaveLength(5)
      expect(assessExperience(input, game).problems).toEqual([])
      const answers = game.questions.flatMap((question) => question.answers).join(' \n ')
      for (const own of [input.companyName, input.companyActivity, input.event]) expect(answers).not.toContain(own)
    },
  )

  it('keeps each trade in its own world: beer for a brewery, tax for an accountant, climbing for a climbing gym', () => {
    const brewery = visible(issueBriefs[3]!)
    expect(brewery).toMatch(/bière|houblon|brass/i)
    expect(brewery).not.toMatch(/service compris|fait maison/i)
    expect(origins(issueBriefs[3]!).every((origin) => origin === 'sector:drinks' || origin === 'event:oktoberfest')).toBe(true)
    expect(origins(issueBriefs[1]!).every((origin) => origin === 'sector:accounting-law')).toBe(true)
    expect(generateOffline(issueBriefs[1]!).questions.map((question) => question.question).join(' ')).not.toMatch(/printemps/i)
    const climbing = origins(issueBriefs[2]!)
    expect(climbing.filter((origin) => origin === 'sector:sport').length).toBeGreaterThanOrEqual(4)
    expect(visible(issueBriefs[5]!)).not.toMatch(/Semaine de l'industrie/)
    expect(visible(issueBriefs[0]!)).toMatch(/teeth|tartar/)
  })

  it("gives common contest organisers their own trade's facts: clubs, local radio and press, public transport, casinos, beer shops", () => {
    // Clubs of France's most common pastimes, not only the whole of sport's facts; a local radio or paper (a contest
    // platform's daily customer) gets radio and press, not cinema; a bus and tram network is mobility without a car;
    // a casino's game speaks of its tables. Two of their own questions at least.
    const ownTrades: [Partial<GeneratorRequest>, RegExp][] = [
      [{ companyName: 'AAPPMA La Truite', companyActivity: 'association de pêche', event: 'Ouverture de la truite' }, /pêch/],
      [{ companyName: 'La Boule d’Or', companyActivity: 'club de pétanque', event: 'Fête du village' }, /pétanque/],
      [{ companyName: 'Hoops', companyActivity: 'basketball club', event: 'Back to school', gameLanguage: 'en' }, /basketball/i],
      [{ companyName: 'HBC Nantes', companyActivity: 'club de handball', event: 'Rentrée' }, /handball/],
      [{ companyName: 'Radio Garrigue', companyActivity: 'radio locale', event: 'Fête de la musique' }, /radio|chansons d'expression/i],
      [{ companyName: 'Tisséo', companyActivity: 'réseau de transport urbain', event: 'Semaine européenne de la mobilité' }, /métro|tramway|transport en commun|TGV/],
      [{ companyName: 'Casino des Flots', companyActivity: 'casino', event: 'Nouvel an' }, /casino|roulette|blackjack/i],
    ]
    for (const [brief, own] of ownTrades) expect(questionsOf({ ...base, ...brief }).filter((text) => own.test(text)).length, brief.companyActivity).toBeGreaterThanOrEqual(2)
    // Trades that had only their sector's facts now lead with one of their own.
    for (const [companyActivity, own] of [['tapissier', /crin/], ['encadreur', /passe-partout/], ['relieur', /maroquin/], ['psychologue', /titre de psychologue/], ['orthophoniste', /orthophoniste/], ['maquilleuse professionnelle', /khôl/], ['école privée', /contrat d'association/], ['maroquinerie de luxe', /Hermès|Chanel/], ['magicien', /Robert-Houdin/], ['artificier', /poudre noire|strontium/], ['décoratrice d\'intérieur', /Le Corbusier|home staging/], ['carreleur', /zellige/], ['enseigniste', /enseigne lumineuse/]] as const) {
      expect(questionsOf({ ...base, companyName: 'Atelier Dumas', companyActivity, event: 'Journée portes ouvertes' }).filter((text) => own.test(text)).length, companyActivity).toBeGreaterThanOrEqual(1)
    }
    // A beer shop sells beer, not champagne: the brewery's facts, never the wine merchant's.
    for (const companyName of ['Le Comptoir', 'Houblons & Malts', 'La Mousse']) {
      const beerShop = visible({ ...base, companyName, companyActivity: 'cave à bières', event: 'Saint-Patrick' })
      expect(beerShop).toMatch(/bière|houblon/i)
      expect(beerShop).not.toMatch(/champagne|Bourgogne|magnum|cépage/i)
    }
  })

  it("gives a business outside an event's worlds what the event means for everyone: no school at a climbing gym's rentrée", () => {
    // Issue 22: a climbing gym's back-to-school quiz asked at what age schooling is compulsory. The rentrée is also
    // the end of the holidays and the literary season; a school-supplies shop still gets the school's facts.
    for (const companyName of ['Escalade Vertige', 'Bloc Session', 'Le Mur', 'Grimpe & Co', 'Vertical Club', 'Altitude', 'Prise de Main', 'Dalle & Dévers']) {
      for (const gameType of [0, 1] as const) {
        const climbing = { ...issueBriefs[2]!, companyName, gameType }
        expect(origins(climbing)).toContain('event:back-to-school')
        expect(questionsOf(climbing).filter((text) => /scolaire|école|instruction|élève/i.test(text)), companyName).toEqual([])
      }
    }
    const stationer = questionsOf({ ...base, companyName: 'Papeterie Martin', companyActivity: 'papeterie, fournitures scolaires', event: 'Rentrée' })
    expect(stationer.filter((text) => /scolaire|école|instruction|élève/i.test(text)).length).toBeGreaterThanOrEqual(1)
  })

  it('reads no small word of a fact as the event\'s: "mais" (but) is not May, for "Mai à vélo"', () => {
    // The Rockwell fact of knife sharpening says "mais" in its explanation; folded and stemmed it was "mai", the
    // month of "Mai à vélo", and a bike repairer was asked about blade hardness as if it spoke of the event.
    const butFacts = bank.sectors.flatMap((sector) => sector.facts).filter((fact) => /\bmais\b/.test(fact.fr.explanation))
    expect(butFacts.length).toBeGreaterThan(0)
    expect(butFacts.filter((fact) => fact.stems.has('mai'))).toEqual([])
    for (const companyName of ['Bike Lab', 'Vélo Malin', 'Roue Libre'])
      expect(questionsOf({ ...base, companyName, companyActivity: 'atelier de réparation de vélos électriques', event: 'Mai à vélo' }).join(' ')).not.toMatch(/Rockwell|lame/)
  })

  it('puts the announcement up front, asks about it in one poll question at most, and never as a true-or-false', () => {
    const climbing = issueBriefs[2]!
    const quiz = generateOffline(climbing)
    expect(quiz.introduction).toContain('Nouveaux blocs chaque mois.')
    expect(JSON.stringify(quiz.questions)).not.toMatch(/Vrai ou faux|Nouveaux blocs/)
    const poll = generateOffline({ ...climbing, gameType: 1 })
    expect(poll.questions.filter((question) => question.question.includes('Nouveaux blocs chaque mois.'))).toHaveLength(1)
  })

  it('matches a trade the bank does not name to the nearest sector by its words', () => {
    const nougats = { ...base, companyName: 'Nougaterie du Ventoux', companyActivity: 'fabrique artisanale de nougats', event: 'Semaine de la gourmandise' }
    expect(origins(nougats).every((origin) => origin === 'sector:food-shops')).toBe(true)
    const surf = { ...base, companyName: 'Surf Session', companyActivity: 'école de surf', event: 'Ouverture de la saison des vagues' }
    expect(origins(surf).every((origin) => origin === 'sector:sport')).toBe(true)
  })

  it('treats an event the bank does not name by its words, even in another world than the trade', () => {
    const bakery = { ...base, event: 'Semaine du chat' }
    const fromEvent = origins(bakery).filter((origin) => origin === 'sector:animals')
    expect(fromEvent.length).toBeGreaterThanOrEqual(1)
    expect(origins(bakery).filter((origin) => origin === 'sector:food-shops').length).toBeGreaterThanOrEqual(3)
  })

  it('falls back to the event and general facts when nothing matches, never to another sector', () => {
    const funeral = { ...base, companyName: 'Maison Lefèvre', companyActivity: 'pompes funèbres', event: 'Journée du souvenir' }
    const quiz = generateOffline(funeral)
    expect(quiz.questions).toHaveLength(5)
    expect(assessExperience(funeral, quiz).problems).toEqual([])
    expect(origins(funeral).every((origin) => origin === 'general')).toBe(true)
    expect(origins({ ...funeral, event: 'Toussaint' }).every((origin) => origin === 'general' || origin === 'event:all-saints')).toBe(true)
  })

  it("gives a business whose words say no world its event's: what holds for the whole sector before one trade's facts", () => {
    const fencing = { ...base, companyName: 'Les Mousquetaires', companyActivity: "maître d'armes", event: "Championnat d'Europe d'escrime" }
    expect(matchTopics(fencing).sectors).toEqual([])
    expect(matchTopics(fencing).eventSector?.id).toBe('sport')
    const ofOneTrade = new Set(bank.sectors.find(({ id }) => id === 'sport')!.facts.filter((fact) => fact.trades.length > 0).map((fact) => fact.fr.question))
    for (const companyName of ['Les Mousquetaires', 'Salle Lagardère', 'Cercle du Marais', 'Académie Cyrano']) {
      const game = { ...fencing, companyName }
      expect(origins(game)).toEqual(Array(5).fill('sector:sport'))
      // Yoga's, sailing's or riding's facts say nothing of a fencing hall.
      expect(generateOffline(game).questions.filter(({ question }) => ofOneTrade.has(question))).toEqual([])
    }
  })

  it('reads nothing of what an event is about in "World", "mondial" or "international"', () => {
    for (const name of ['A', 'B', 'C', 'D']) {
      const darts = questionsOf({ ...base, companyName: `Darts ${name}`, companyActivity: 'darts league', event: 'World Darts Championship', gameLanguage: 'en' })
      expect(darts.filter((text) => /World Cup|world-famous/.test(text))).toEqual([])
      const judo = questionsOf({ ...base, companyName: `Judo ${name}`, companyActivity: 'club de judo', event: 'Championnat mondial de judo' })
      expect(judo.filter((text) => /Fontainebleau/.test(text))).toEqual([])
    }
  })

  it('gives an industry no sector covers general facts, an event of another world at most two places', () => {
    const plant = { ...base, companyName: 'Eaux du Val', companyActivity: 'station d\'épuration des eaux usées', event: 'Semaine de la sécurité sur les chantiers' }
    expect(matchTopics(plant).eventSector?.id).toBe('building')
    const found = origins(plant)
    expect(found).toHaveLength(5)
    expect(found.filter((origin) => origin.startsWith('sector:')).length).toBeLessThanOrEqual(2)
    expect(found.filter((origin) => origin === 'general').length).toBeGreaterThanOrEqual(3)
  })


  it('asks about a health campaign the bank does not name, at a bakery, a hair salon or a radiology practice alike, and only there', () => {
    const aboutPinkOctober = (texts: string[]) => texts.filter((text) => /Octobre rose|cancer du sein/i.test(text)).length
    expect(aboutPinkOctober(questionsOf({ ...base, event: 'Octobre rose' }))).toBe(2)
    expect(aboutPinkOctober(questionsOf({ ...base, companyName: 'Mèches', companyActivity: 'salon de coiffure', event: 'Octobre rose' }))).toBe(2)
    // In the visitor's own sector, the facts the event's words name come first, whatever trade they are filed under.
    expect(aboutPinkOctober(questionsOf({ ...base, companyName: 'Imagerie du Parc', companyActivity: 'cabinet de radiologie', event: 'Octobre rose' }))).toBe(2)
    expect(questionsOf({ ...base, companyName: 'Pharmacie du Marché', companyActivity: 'pharmacie', event: 'Mois sans tabac' }).filter((text) => /tabac/i.test(text)).length).toBeGreaterThanOrEqual(1)
    // A campaign's facts stay out of a game that is not about it.
    expect(questionsOf({ ...base, companyName: 'Cabinet Sourire', companyActivity: 'dentiste', event: 'Journée portes ouvertes' }).filter((text) => /Octobre rose|tabac/i.test(text))).toEqual([])
  })

  it('puts facts of the trade an unnamed activity is near before the whole sector: sorbets for a sorbet maker, oysters for an oyster bar', () => {
    const sorbets = questionsOf({ ...base, companyName: 'Glaces Lucie', companyActivity: 'fabrication de sorbets artisanaux', event: 'Été' })
    expect(sorbets.filter((text) => /sorbet|glace/i.test(text)).length).toBeGreaterThanOrEqual(2)
    const oysters = questionsOf({ ...base, companyName: 'Le Banc', companyActivity: 'bar à huîtres', event: 'Noël' })
    expect(oysters.filter((text) => /huître|ostréi/i.test(text)).length).toBeGreaterThanOrEqual(1)
    // A ramen bar is a restaurant: no question on the licence to serve alcohol.
    const ramen = questionsOf({ ...base, companyName: 'Ramen Ya', companyActivity: 'ramen bar', event: 'Lunar New Year', gameLanguage: 'en' })
    expect(ramen.filter((text) => /licen[cs]e/i.test(text))).toEqual([])
  })

  it('gives a shop its own craft, not its neighbour\'s: yarn, soap, herbs, board games, chimneys, blades and barrels, and a rider no car', () => {
    // A yarn shop got Dior and denim, a soap maker perfume, an herbalist dairy cows, a board-game bar toys for
    // toddlers; a motorcycle club was asked how it services its car and a bike repairer about E85 at the pump.
    const ownCraft: [Partial<GeneratorRequest>, RegExp, RegExp][] = [
      [{ companyName: 'Laine & Cie', companyActivity: 'mercerie et boutique de laine', event: 'Journée mondiale du tricot' }, /tricot|laine|mérinos|mohair/i, /Dior|denim|chaussures/],
      [{ companyName: 'Savonnerie du Lez', companyActivity: 'savonnerie artisanale', event: 'Fête des mères' }, /savon/i, /\bnez\b|Grasse|eau de toilette/],
      [{ companyName: 'Herboristerie Sauge', companyActivity: 'herboristerie, tisanes et plantes médicinales', event: 'Printemps' }, /herboris|tisane|plantes médicinales|simples/i, /vache|AMAP|SAMU/],
      [{ companyName: 'Le Dé Pipé', companyActivity: 'bar à jeux de société', event: 'Halloween' }, /jeu|jeux/i, /jouet/],
      [{ companyName: 'Road Kings', companyActivity: 'motorcycle club, weekly rides', event: 'Summer', gameLanguage: 'en' }, /motorbike|motorcycle|moped/i, /your (next )?car|new car|E85/],
      [{ companyName: 'Vélo Malin', companyActivity: 'réparation de vélos', event: 'Rentrée' }, /vélo|cycliste|draisienne/i, /votre (prochaine )?voiture|voiture neuve|E85|carburant/],
      // A chimney sweep got the building warranties, a knife sharpener the Repair Café: now their own crafts first.
      [{ companyName: 'Ramonage Dupuis', companyActivity: 'ramoneur', event: 'Début de l’hiver' }, /ramon|cheminée|monoxyde/i, /(?!)/],
      [{ companyName: 'Le Fil d’Or', companyActivity: 'affûtage de couteaux et ciseaux', event: 'Fête de la gastronomie' }, /affût|rémouleur|Rockwell/i, /(?!)/],
      [{ companyName: 'Tonnellerie Bouchard', companyActivity: 'tonnellerie', event: 'Vendanges' }, /barrique|tonnelier|merrain|bousinage|fût/i, /(?!)/],
    ]
    for (const [brief, own, foreign] of ownCraft) {
      for (const gameType of [0, 1] as const) {
        const questions = questionsOf({ ...base, ...brief, gameType })
        const label = `${brief.companyActivity} (${gameType ? 'poll' : 'quiz'})`
        expect(questions.filter((text) => own.test(text)).length, label).toBeGreaterThanOrEqual(2)
        expect(questions.filter((text) => foreign.test(text)), label).toEqual([])
      }
    }
  })

  it('asks a tradesperson about their own trade in a poll: a locksmith about locks and keys, a photographer about photos', () => {
    const locksmith = questionsOf({ ...base, companyName: 'Serrures Martin', companyActivity: 'serrurier dépannage', event: 'Semaine de la sécurité', gameType: 1 })
    expect(locksmith.filter((text) => /serrur|clés|porte d'entrée/i.test(text)).length).toBeGreaterThanOrEqual(3)
    const photographer = questionsOf({ ...base, companyName: 'Studio Lumière', companyActivity: 'wedding photographer', event: 'Wedding fair', gameType: 1, gameLanguage: 'en' })
    expect(photographer.filter((text) => /photo/i.test(text)).length).toBeGreaterThanOrEqual(2)
  })

  it('asks a business that sells to businesses about orders and suppliers, never about outings with the family', () => {
    const answersOf = (input: GeneratorRequest) => generateOffline(input).questions.flatMap((question) => question.answers)
    const consumerOnly = ['En famille', 'En amoureux', 'Une soirée privée', 'Family', 'My partner', 'A private evening']
    const factory = { ...base, companyName: 'Ressorts Duval', companyActivity: 'fabrication de ressorts', event: 'Salon Global Industrie', gameType: 1 as const }
    const subcontractor = { ...base, companyName: 'Usinage Mercier', companyActivity: 'sous-traitance en usinage de précision', event: 'Anniversaire des 20 ans', gameType: 1 as const }
    const englishFactory = { ...factory, companyName: 'Spring Co', companyActivity: 'spring manufacturer', event: 'Engineering Week', gameLanguage: 'en' as const }
    for (const input of [factory, subcontractor, englishFactory]) {
      const answers = answersOf(input)
      expect(answers.filter((answer) => consumerOnly.includes(answer)), input.companyActivity).toEqual([])
      expect(origins(input)).toContain('template')
    }
    expect(answersOf(factory)).toContain('Sur un salon professionnel')
  })

  it('asks a wholesaler of a known sector about orders, not its sector’s shoppers’ tastes', () => {
    const fruit = { ...base, companyName: 'Primeurs du MIN', companyActivity: 'grossiste en fruits et légumes', event: 'Fête de la fraise', gameType: 1 as const }
    const florist = { ...base, companyName: 'Covent Garden Stems', companyActivity: 'wholesale florist', event: "Mother's Day rush", gameType: 1 as const, gameLanguage: 'en' as const }
    for (const input of [fruit, florist]) {
      expect(matchTopics(input).sectors.length, input.companyActivity).toBeGreaterThan(0)
      expect(origins(input).filter((origin) => origin.startsWith('sector:')), input.companyActivity).toEqual([])
      expect(origins(input)).toContain('template')
    }
    const answers = generateOffline(fruit).questions.flatMap((question) => question.answers)
    expect(answers.filter((answer) => ['Une remise sur la prochaine commande', 'Sur un salon professionnel', 'La direction', 'Les achats'].includes(answer)).length).toBeGreaterThan(0)
  })

  it('asks a funeral home sober questions, never festive or romantic ones', () => {
    const festive = /amoureux|soirée privée|entre amis|plaisir|fête|lot|partner|private evening|friends|treat|prize|party|sortie|vacances|parc de loisirs|spectacle|outing|holiday|leisure park/i
    const french = { ...base, companyName: 'Pompes Funèbres Garnier', companyActivity: 'pompes funèbres', event: 'Journée nationale du souvenir', gameType: 1 as const }
    const english = { ...base, companyName: 'Dignity Lane', companyActivity: 'funeral home', event: 'Dying Matters Awareness Week', gameType: 1 as const, gameLanguage: 'en' as const }
    // The bank's own polls for these days ask about school-holiday outings.
    const allSaints = { ...french, companyName: 'Pompes funèbres Roc', companyActivity: 'pompes funèbres et marbrerie', event: 'Toussaint' }
    const allSaintsEnglish = { ...english, event: "All Saints' Day" }
    // An animal-care trade: the sector's polls ask where the pet goes on holiday.
    const petCrematorium = { ...english, companyName: 'Paws at Peace', companyActivity: 'pet crematorium', event: 'Rainbow Bridge Remembrance Day' }
    for (const input of [french, english, allSaints, allSaintsEnglish, petCrematorium]) {
      const game = generateOffline(input)
      expect(game.questions).toHaveLength(5)
      const texts = game.questions.map((question) => `${question.question} ${question.answers.join(' ')}`)
      expect(texts.filter((text) => festive.test(text)), input.companyActivity).toEqual([])
      expect(assessExperience(input, game).problems).toEqual([])
    }
  })

  it('puts a prize up front and the tone in the wording', () => {
    const prize = generateOffline({ ...base, additionalInformation: 'Un panier garni à gagner chaque semaine.' })
    expect(prize.introduction).toContain('Un panier garni à gagner chaque semaine.')
    const warm = new Set(['A', 'B', 'C', 'D'].map((suffix) => generateOffline({ ...base, companyName: `Maison ${suffix}` }).introduction.replace(/Maison \w/g, '')))
    const fun = new Set(['A', 'B', 'C', 'D'].map((suffix) => generateOffline({ ...base, companyName: `Maison ${suffix}`, additionalInformation: 'Sur un ton décalé et plein d’humour.' }).introduction.replace(/Maison \w/g, '')))
    expect([...fun].some((introduction) => warm.has(introduction))).toBe(false)
  })

  it('is stable for the same request, varies with another, and moves the right answer around', () => {
    expect(generateOffline(base)).toEqual(generateOffline(base))
    const events = ['Halloween', 'Saint-Valentin', 'les soldes', 'nos 25 ans', 'Fête des mères'].map((event) => JSON.stringify(generateOffline({ ...base, event }).questions))
    expect(new Set(events).size).toBe(events.length)
    for (const suffix of ['A', 'B', 'C', 'D', 'E', 'F']) {
      const positions = generateOffline({ ...base, companyName: `Maison ${suffix}` }).questions.map((question) => question.correctAnswer)
      expect(new Set(positions).size).toBeGreaterThanOrEqual(3)
    }
  })

  it('writes every visible string in the language asked for, naming a known event in that language', () => {
    const english = parseExperience(generateOffline({ ...base, gameLanguage: 'en', gameType: 1, event: 'Fête des mères' }))
    expect(english.title).toContain("Mother's Day")
    expect(english.title).not.toMatch(/Fête|mères/)
    const input = { ...base, gameLanguage: 'en' as const, event: 'Christmas' }
    expect(assessExperience(input, generateOffline(input)).problems).toEqual([])
    const french = generateOffline({ ...base, event: 'Black Friday', gameType: 1 })
    expect(french.title + french.introduction).toMatch(/Black Friday/)
    expect(assessExperience({ ...base, event: 'Black Friday', gameType: 1 }, french).problems).toEqual([])
  })

  it('stays valid for very long inputs', () => {
    const long = { ...base, companyName: 'N'.repeat(100), event: 'E'.repeat(150), companyActivity: 'A'.repeat(200), additionalInformation: 'I'.repeat(1000) }
    expect(() => parseExperience(generateOffline(long))).not.toThrow()
    expect(() => parseExperience(generateOffline({ ...long, gameType: 1 }))).not.toThrow()
    const words = { ...base, additionalInformation: 'Une phrase très longue sur nos produits. '.repeat(25) }
    expect(visible(words).length).toBeGreaterThan(0)
    expect(() => parseExperience(generateOffline(words))).not.toThrow()
  })

  it('shortens what the visitor typed as their trade into a label', () => {
    expect(activityLabel('Nous sommes une boulangerie de quartier. Ouverte 7j/7.')).toBe('boulangerie de quartier')
    expect(activityLabel("l'atelier de lutherie, fabrication et réparation de violons anciens")).toBe('atelier de lutherie')
    expect(activityLabel('We are a dog grooming salon')).toBe('dog grooming salon')
  })
})
