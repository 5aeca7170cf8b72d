import type { StoredExperience } from '#src/features/ai-generator/experience-storage'

/** A stored poll of three questions; only the id and the date vary. */
export const record = (id: string, createdAt: string): StoredExperience => ({
  id,
  createdAt,
  request: { companyName: 'Lemoine', companyActivity: 'boulangerie', event: 'Noël', additionalInformation: '', gameType: 0, gameLanguage: 'fr', llmModel: 'fast' },
  experience: {
    kind: 'poll',
    language: 'fr',
    title: `Sondage ${id}`,
    introduction: 'Intro',
    questions: [1, 2, 3].map((n) => ({ question: `Q${n}`, answers: ['Oui', 'Non'] })),
    closingMessage: 'Merci',
  },
})
