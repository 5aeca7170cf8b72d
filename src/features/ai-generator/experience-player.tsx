import { useId, useState } from 'react'
import { Markdown } from '#src/components/ui/markdown'
import { t } from '#src/lib/i18n'
import { renderMarkdown } from '#src/lib/markdown'
import type { Experience } from './experience-schema'

interface ExperiencePlayerProps {
  experience: Experience
}

/** A playable preview: a quiz with feedback and a score, or a poll ending on its thank-you message. */
export function ExperiencePlayer({ experience }: ExperiencePlayerProps) {
  const [index, setIndex] = useState(0)
  const [choice, setChoice] = useState<number | undefined>(undefined)
  const [score, setScore] = useState(0)
  const [finished, setFinished] = useState(false)
  const headingId = useId()
  const total = experience.questions.length
  const question = experience.questions[index]
  const isQuiz = experience.kind === 'quiz'

  const restart = () => {
    setIndex(0)
    setChoice(undefined)
    setScore(0)
    setFinished(false)
  }

  const choose = (answer: number) => {
    if (choice !== undefined || !question) return
    setChoice(answer)
    if (isQuiz && answer === question.correctAnswer) setScore((value) => value + 1)
    if (!isQuiz) advance()
  }

  const advance = () => {
    if (index + 1 >= total) setFinished(true)
    else {
      setIndex((value) => value + 1)
      setChoice(undefined)
    }
  }

  return (
    <section className="player" aria-labelledby={headingId}>
      <h3 id={headingId} className="player__title">
        {experience.title}
      </h3>
      {finished || !question ? (
        <div className="player__end" role="status">
          <p className="player__result">{isQuiz ? t('player.score', { score, total }) : t('player.thanks')}</p>
          <Markdown html={renderMarkdown(experience.closingMessage)} />
          <button type="button" className="button button--secondary" onClick={restart}>
            {t('player.restart')}
          </button>
        </div>
      ) : (
        <>
          {index === 0 && choice === undefined ? <Markdown html={renderMarkdown(experience.introduction)} /> : null}
          <p className="player__progress">{t('player.question', { current: index + 1, total })}</p>
          <fieldset className="player__question">
            <legend>
              <Markdown html={renderMarkdown(question.question)} className="player__question-text" />
            </legend>
            <ul className="player__answers" aria-label={t('player.answers')}>
              {question.answers.map((answer, answerIndex) => {
                const state = choice === undefined || !isQuiz ? '' : answerIndex === question.correctAnswer ? 'correct' : answerIndex === choice ? 'wrong' : ''
                return (
                  <li key={answerIndex}>
                    <button
                      type="button"
                      className={`player__answer${state ? ` player__answer--${state}` : ''}`}
                      aria-pressed={choice === answerIndex}
                      disabled={choice !== undefined}
                      onClick={() => choose(answerIndex)}
                    >
                      {answer}
                    </button>
                  </li>
                )
              })}
            </ul>
          </fieldset>
          {isQuiz && choice !== undefined ? (
            <div className="player__feedback" role="status">
              <p className="player__verdict">
                {choice === question.correctAnswer ? t('player.correct') : t('player.incorrect', { answer: question.answers[question.correctAnswer ?? 0] ?? '' })}
              </p>
              {question.explanation ? <Markdown html={renderMarkdown(question.explanation)} /> : null}
              <button type="button" className="button button--primary" onClick={advance}>
                {index + 1 >= total ? t('player.finish') : t('player.next')}
              </button>
            </div>
          ) : null}
        </>
      )}
    </section>
  )
}
