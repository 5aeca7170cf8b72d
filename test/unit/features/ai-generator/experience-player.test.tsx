// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ExperiencePlayer } from '#src/features/ai-generator/experience-player'
import type { Experience } from '#src/features/ai-generator/experience-schema'

const quiz: Experience = {
  kind: 'quiz',
  language: 'fr',
  title: 'Le quiz de Noël',
  introduction: 'Trois questions pour fêter Noël.\nBonne chance !',
  questions: [
    { question: 'Quel dessert pour Noël ?', answers: ['La bûche', 'La galette'], correctAnswer: 0, explanation: 'La galette, c’est pour l’Épiphanie.' },
    { question: 'Quand ouvre-t-on les cadeaux ?', answers: ['Le 24 ou le 25', 'Le 14 juillet'], correctAnswer: 0, explanation: 'Selon les familles.' },
    { question: 'Qui apporte les cadeaux ?', answers: ['Le père Noël', 'La petite souris'], correctAnswer: 0, explanation: 'La souris, c’est pour les dents.' },
  ],
  closingMessage: 'Merci d’avoir joué !',
}

const poll: Experience = {
  kind: 'poll',
  language: 'fr',
  title: 'Votre avis compte',
  introduction: 'Deux questions.',
  questions: [
    { question: 'Bûche ou galette ?', answers: ['Bûche', 'Galette'] },
    { question: 'Sucré ou salé ?', answers: ['Sucré', 'Salé'] },
    { question: 'Matin ou soir ?', answers: ['Matin', 'Soir'] },
  ],
  closingMessage: 'Merci pour vos réponses.',
}

// Two live regions, both present from the first render: the step line and the feedback.
const stepLine = () => screen.getByText(/^(Question \d sur \d|Les \d questions sont jouées)$/)
const feedback = () => screen.getAllByRole('status').find((region) => region.classList.contains('player__feedback'))!

describe('experience player', () => {
  it('plays a quiz: progress, the answer revealed with its explanation, each step announced, focus moved along', async () => {
    const user = userEvent.setup()
    render(<ExperiencePlayer experienceId="q" experience={quiz} />)
    expect(screen.getAllByRole('status')).toEqual([stepLine(), feedback()])
    expect(stepLine()).toHaveTextContent('Question 1 sur 3')
    expect(feedback()).toBeEmptyDOMElement()
    expect(screen.getByRole('progressbar', { name: 'Progression dans le jeu' })).toHaveAttribute('value', '0')

    await user.click(screen.getByRole('button', { name: 'La galette' }))
    const status = feedback()
    expect(status).toHaveTextContent('Raté : la bonne réponse était « La bûche ».')
    expect(status).toHaveTextContent('La galette, c’est pour l’Épiphanie.')
    expect(screen.getByRole('button', { name: 'La bûche (bonne réponse)' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'La galette (votre réponse)' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Question suivante' })).toHaveFocus()
    expect(screen.getByRole('progressbar')).toHaveAttribute('value', '1')

    await user.keyboard('{Enter}')
    expect(stepLine()).toHaveTextContent('Question 2 sur 3')
    expect(screen.getByText('Quand ouvre-t-on les cadeaux ?')).toHaveFocus()
    expect(feedback()).toBeEmptyDOMElement()

    await user.click(screen.getByRole('button', { name: 'Le 24 ou le 25' }))
    expect(feedback()).toHaveTextContent('Bonne réponse !')
    await user.keyboard('{Enter}')
    await user.click(screen.getByRole('button', { name: 'Le père Noël' }))
    await user.click(screen.getByRole('button', { name: 'Voir le résultat' }))

    expect(screen.getByRole('heading', { name: 'Votre score : 2 sur 3' })).toHaveFocus()
    expect(stepLine()).toHaveTextContent('Les 3 questions sont jouées')
    expect(feedback()).toBeEmptyDOMElement()
    expect(screen.getByRole('progressbar')).toHaveAttribute('value', '3')

    await user.click(screen.getByRole('button', { name: 'Rejouer' }))
    expect(screen.getByText('Quel dessert pour Noël ?')).toHaveFocus()
    expect(stepLine()).toHaveTextContent('Question 1 sur 3')
  })

  it('shows a poll’s results as bars with their figures, counting only this browser’s votes', async () => {
    const user = userEvent.setup()
    const { unmount } = render(<ExperiencePlayer experienceId="p" experience={poll} />)
    await user.click(screen.getByRole('button', { name: 'Bûche' }))
    const results = screen.getByRole('figure')
    expect(results).toHaveTextContent('Votes donnés dans cet aperçu, sur ce navigateur : 1 vote')
    const rows = within(results).getAllByRole('listitem').map((row) => row.textContent)
    expect(rows).toEqual(['Bûche (votre vote)1 vote (100 %)', 'Galette0 vote (0 %)'])
    expect(feedback()).toHaveTextContent('Votre vote est compté.')
    expect(results).toHaveFocus()
    unmount()

    render(<ExperiencePlayer experienceId="p" experience={poll} />)
    await user.click(screen.getByRole('button', { name: 'Galette' }))
    expect(screen.getByRole('figure')).toHaveTextContent('2 votes')
    expect(within(screen.getByRole('figure')).getAllByRole('listitem').map((row) => row.textContent)).toEqual(['Bûche1 vote (50 %)', 'Galette (votre vote)1 vote (50 %)'])
  })

  it('shows generated text as plain text, never as HTML', () => {
    const hostile = '<img src=x onerror="alert(1)"> **gras** [lien](https://example.com)'
    const { container } = render(<ExperiencePlayer experienceId="h" experience={{ ...quiz, title: hostile, introduction: hostile, questions: quiz.questions.map((question) => ({ ...question, question: hostile })) }} />)
    expect(container.querySelector('img, a, strong')).toBeNull()
    expect(screen.getAllByText(hostile)).toHaveLength(3)
  })
})
