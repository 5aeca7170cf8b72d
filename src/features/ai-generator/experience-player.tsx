import { useId, useRef, useState, type Ref } from 'react'
import { t } from './generator-i18n'
import type { Experience, ExperienceQuestion } from './experience-schema'
import { castVote } from './poll-votes'
import { useFocusAfterRender } from './live-region'

interface ExperiencePlayerProps {
  /** Keys the poll votes counted in this browser. */
  experienceId: string
  experience: Experience
}

const plural = new Intl.PluralRules('fr-FR')
const votesLabel = (count: number) => t(plural.select(count) === 'one' ? 'player.poll.votes.one' : 'player.poll.votes.other', { count })

/**
 * A playable preview. Generated text is shown as plain text, never as HTML. A quiz reveals the right
 * answer and its explanation after each choice and ends on the score; a poll shows, after each vote, the
 * votes cast in this preview in this browser. Focus follows the game, and two live regions present from the
 * start say what changed: after a choice focus goes to the next button (a quiz) or to the votes (a poll)
 * while the feedback region reads the verdict; after "Question suivante" focus goes to the new question while
 * the step region reads "Question N sur 5"; at the end focus goes to the score (decision 028).
 */
export function ExperiencePlayer({ experienceId, experience }: ExperiencePlayerProps) {
  const [index, setIndex] = useState(0)
  const [choice, setChoice] = useState<number | undefined>(undefined)
  const [counts, setCounts] = useState<number[] | undefined>(undefined)
  const [score, setScore] = useState(0)
  const [finished, setFinished] = useState(false)
  const focusAfterRender = useFocusAfterRender()
  const headingId = useId()
  const questionRef = useRef<HTMLLegendElement>(null)
  const nextRef = useRef<HTMLButtonElement>(null)
  const resultsRef = useRef<HTMLElement>(null)
  const endRef = useRef<HTMLHeadingElement>(null)
  const total = experience.questions.length
  const question = experience.questions[index]
  const isQuiz = experience.kind === 'quiz'
  // The game's own text is read in its language; the player around it stays French.
  const lang = experience.language
  const answered = finished ? total : index + (choice === undefined ? 0 : 1)
  const ending = isQuiz ? t('player.score', { score, total }) : t('player.thanks')

  const choose = (answer: number) => {
    if (choice !== undefined || !question) return
    setChoice(answer)
    if (isQuiz) {
      if (answer === question.correctAnswer) setScore((value) => value + 1)
      focusAfterRender(() => nextRef.current)
    } else {
      setCounts(castVote(experienceId, index, answer, question.answers.length))
      focusAfterRender(() => resultsRef.current)
    }
  }

  const showQuestion = (next: number) => {
    setIndex(next)
    focusAfterRender(() => questionRef.current)
  }

  const advance = () => {
    setChoice(undefined)
    setCounts(undefined)
    if (index + 1 >= total) {
      setFinished(true)
      focusAfterRender(() => endRef.current)
    } else {
      showQuestion(index + 1)
    }
  }

  const restart = () => {
    setChoice(undefined)
    setCounts(undefined)
    setScore(0)
    setFinished(false)
    showQuestion(0)
  }

  return (
    <section className="player" aria-labelledby={headingId}>
      <h3 id={headingId} className="player__title" lang={lang}>
        {experience.title}
      </h3>
      <div className="player__progress">
        <p className="player__step" role="status">
          {finished ? t('player.done', { total }) : t('player.question', { current: index + 1, total })}
        </p>
        <progress max={total} value={answered} aria-label={t('player.progressLabel')} />
      </div>
      {finished || !question ? (
        <div className="player__end">
          <h4 ref={endRef} className="player__result" tabIndex={-1}>
            {ending}
          </h4>
          <p className="player__text" lang={lang}>
            {experience.closingMessage}
          </p>
          <button type="button" className="button button--secondary" onClick={restart}>
            {t('player.restart')}
          </button>
        </div>
      ) : (
        <>
          {index === 0 && choice === undefined ? <p className="player__text" lang={lang}>
              {experience.introduction}
            </p> : null}
          <fieldset className="player__question">
            <legend ref={questionRef} tabIndex={-1} lang={lang}>
              {question.question}
            </legend>
            <ul className="player__answers" aria-label={t('player.answers')}>
              {question.answers.map((answer, answerIndex) => (
                <li key={answerIndex}>
                  <AnswerButton answer={answer} lang={lang} state={answerState(isQuiz, question, choice, answerIndex)} chosen={choice === answerIndex} disabled={choice !== undefined} onChoose={() => choose(answerIndex)} />
                </li>
              ))}
            </ul>
          </fieldset>
        </>
      )}
      <div className="player__feedback" role="status">
        {!finished && question && choice !== undefined ? (
          <>
            <p className="player__verdict">{isQuiz ? verdict(question, choice) : t('player.poll.counted')}</p>
            {isQuiz && question.explanation ? <p className="player__text" lang={lang}>
                {question.explanation}
              </p> : null}
          </>
        ) : null}
      </div>
      {!finished && question && choice !== undefined ? (
        <>
          {counts ? <PollResults ref={resultsRef} lang={lang} answers={question.answers} counts={counts} chosen={choice} /> : null}
          <button ref={nextRef} type="button" className="button button--primary player__next" onClick={advance}>
            {index + 1 >= total ? t('player.finish') : t('player.next')}
          </button>
        </>
      ) : null}
    </section>
  )
}

function verdict(question: ExperienceQuestion, choice: number): string {
  if (choice === question.correctAnswer) return t('player.correct')
  return t('player.incorrect', { answer: question.answers[question.correctAnswer ?? 0] ?? '' })
}

type AnswerState = 'correct' | 'wrong' | 'chosen' | ''

function answerState(isQuiz: boolean, question: ExperienceQuestion, choice: number | undefined, answerIndex: number): AnswerState {
  if (choice === undefined) return ''
  if (!isQuiz) return answerIndex === choice ? 'chosen' : ''
  if (answerIndex === question.correctAnswer) return 'correct'
  return answerIndex === choice ? 'wrong' : ''
}

const STATE_LABELS: Record<Exclude<AnswerState, ''>, 'player.mark.correct' | 'player.mark.wrong' | 'player.mark.chosen'> = {
  correct: 'player.mark.correct',
  wrong: 'player.mark.wrong',
  chosen: 'player.mark.chosen',
}

function AnswerButton({ answer, lang, state, chosen, disabled, onChoose }: { answer: string; lang: string; state: AnswerState; chosen: boolean; disabled: boolean; onChoose: () => void }) {
  return (
    <button type="button" className={`player__answer${state ? ` player__answer--${state}` : ''}`} aria-pressed={chosen} disabled={disabled} onClick={onChoose}>
      <span lang={lang}>{answer}</span>
      {state ? (
        <>
          {' '}
          <span className="player__mark">{t(STATE_LABELS[state])}</span>
        </>
      ) : null}
    </button>
  )
}

/** The votes of this preview as a bar chart; every bar has its figures in text beside it. */
function PollResults({ ref, lang, answers, counts, chosen }: { ref: Ref<HTMLElement>; lang: string; answers: string[]; counts: number[]; chosen: number }) {
  const total = counts.reduce((sum, count) => sum + count, 0)
  return (
    <figure ref={ref} className="poll-results" tabIndex={-1}>
      <figcaption className="poll-results__caption">{t('player.poll.caption', { votes: votesLabel(total) })}</figcaption>
      <ul className="poll-results__bars">
        {answers.map((answer, answerIndex) => {
          const count = counts[answerIndex] ?? 0
          const percent = total ? Math.round((count / total) * 100) : 0
          return (
            <li key={answerIndex} className="poll-results__row">
              <span className="poll-results__label">
                <span lang={lang}>{answer}</span>
                {answerIndex === chosen ? (
                  <>
                    {' '}
                    <span className="player__mark">{t('player.mark.chosen')}</span>
                  </>
                ) : null}
              </span>
              <span className="poll-results__value">{t('player.poll.value', { votes: votesLabel(count), percent })}</span>
              <svg className="poll-results__bar" aria-hidden="true" focusable="false" preserveAspectRatio="none">
                <rect className="poll-results__track" width="100%" height="100%" rx="4" />
                <rect className="poll-results__fill" width={`${percent}%`} height="100%" rx="4" />
              </svg>
            </li>
          )
        })}
      </ul>
      <p className="poll-results__note">{t('player.poll.note')}</p>
    </figure>
  )
}
