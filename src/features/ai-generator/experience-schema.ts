import { t } from './generator-i18n'
import { nameText, plainText } from '#src/lib/validation'
import { array, mixed, number, object, string, type InferType } from 'yup'

export const GAME_TYPES = [0, 1] as const
export const GAME_LANGUAGES = ['fr', 'en'] as const
/** The two model choices of the form; the server maps them to real model names (LLM_MODELS). */
export const LLM_MODEL_IDS = ['fast', 'precise'] as const
export type LlmModelId = (typeof LLM_MODEL_IDS)[number]
export type GameLanguage = (typeof GAME_LANGUAGES)[number]

/** The generator form, checked the same way in the browser and by the API. */
export const generatorFormSchema = object({
  companyName: nameText().required(() => t('validation.generator.companyName.required')).max(100, () => t('validation.generator.companyName.max')),
  companyActivity: plainText()
    .required(() => t('validation.generator.companyActivity.required'))
    .min(3, () => t('validation.generator.companyActivity.min'))
    .max(200, () => t('validation.generator.companyActivity.max')),
  event: plainText().required(() => t('validation.generator.event.required')).max(150, () => t('validation.generator.event.max')),
  additionalInformation: plainText({ multiline: true }).max(1000, () => t('validation.generator.additionalInformation.max')).default(''),
  gameType: number().oneOf([...GAME_TYPES], () => t('validation.generator.gameType.oneOf')).required(() => t('validation.generator.gameType.required')),
  gameLanguage: mixed<GameLanguage>().oneOf([...GAME_LANGUAGES], () => t('validation.generator.gameLanguage.oneOf')).required(() => t('validation.generator.gameLanguage.required')),
  llmModel: mixed<LlmModelId>().oneOf([...LLM_MODEL_IDS], () => t('validation.generator.llmModel.oneOf')).required(() => t('validation.generator.llmModel.required')),
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
}).test('quiz-answers', () => t('validation.generator.quiz.test'), (value) => {
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
