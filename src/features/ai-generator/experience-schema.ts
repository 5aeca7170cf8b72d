import { array, mixed, number, object, string, type InferType } from 'yup'

export const GAME_TYPES = [0, 1] as const
export const GAME_LANGUAGES = ['fr', 'en'] as const
/** The two model choices of the form; the server maps them to real model names (LLM_MODELS). */
export const LLM_MODEL_IDS = ['fast', 'precise'] as const
export type LlmModelId = (typeof LLM_MODEL_IDS)[number]
export type GameLanguage = (typeof GAME_LANGUAGES)[number]

/** The generator form, checked the same way in the browser and by the API. */
export const generatorFormSchema = object({
  companyName: string().trim().required("Indiquez le nom de l'entreprise.").max(100, 'Le nom ne peut pas dépasser 100 caractères.'),
  companyActivity: string().trim().required("Décrivez l'activité de l'entreprise.").min(3, 'Décrivez l’activité en quelques mots.').max(200, "L'activité ne peut pas dépasser 200 caractères."),
  event: string().trim().required("Indiquez l'événement ou l'occasion du jeu.").max(150, "L'événement ne peut pas dépasser 150 caractères."),
  additionalInformation: string().trim().max(1000, 'Les informations complémentaires ne peuvent pas dépasser 1 000 caractères.').default(''),
  gameType: number().oneOf([...GAME_TYPES], 'Choisissez un quiz ou un sondage.').required('Choisissez un quiz ou un sondage.'),
  gameLanguage: mixed<GameLanguage>().oneOf([...GAME_LANGUAGES], 'Choisissez le français ou l’anglais.').required('Choisissez la langue du jeu.'),
  llmModel: mixed<LlmModelId>().oneOf([...LLM_MODEL_IDS], 'Choisissez un modèle.').required('Choisissez un modèle.'),
})

export type GeneratorRequest = InferType<typeof generatorFormSchema>

const questionSchema = object({
  question: string().trim().required().max(300),
  answers: array().of(string().trim().required().max(150)).min(2).max(6).required(),
  correctAnswer: number().integer().min(0).optional(),
  explanation: string().trim().max(500).optional(),
})

/**
 * A generated experience: anything that does not match is refused before it is shown or stored. A quiz
 * needs the right answer and an explanation for every question; a poll has neither.
 */
export const experienceSchema = object({
  kind: mixed<'quiz' | 'poll'>().oneOf(['quiz', 'poll']).required(),
  language: mixed<GameLanguage>().oneOf([...GAME_LANGUAGES]).required(),
  title: string().trim().required().max(120),
  introduction: string().trim().required().max(600),
  questions: array().of(questionSchema).min(3).max(10).required(),
  closingMessage: string().trim().required().max(600),
}).test('quiz-answers', 'Une question du quiz n’a pas de bonne réponse ou d’explication valable.', (value) => {
  if (!value || value.kind !== 'quiz') return true
  return value.questions.every(
    (question) => question.correctAnswer !== undefined && question.correctAnswer < question.answers.length && Boolean(question.explanation),
  )
})

export type Experience = InferType<typeof experienceSchema>
export type ExperienceQuestion = Experience['questions'][number]

/** Validates and strips anything extra; throws a yup ValidationError otherwise. */
export function parseExperience(value: unknown): Experience {
  return experienceSchema.validateSync(value, { stripUnknown: true, abortEarly: true })
}
