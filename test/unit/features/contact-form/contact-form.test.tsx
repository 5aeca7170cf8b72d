// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ContactForm } from '#src/features/contact-form/contact-form'

describe('contact form', () => {
  it('shows the API’s stricter rules in French before sending, keeping what was typed', async () => {
    const user = userEvent.setup()
    render(<ContactForm />)
    const firstName = screen.getByLabelText(/^Prénom/)
    await user.type(firstName, '<b>Camille')
    const object = screen.getByLabelText(/^Objet de votre demande/)
    await user.type(object, 'Devis\u0007')
    await user.click(screen.getByLabelText(/^Votre message/))
    await waitFor(() => expect(firstName).toHaveAccessibleDescription('Les caractères < et > ne sont pas acceptés ici.'))
    await waitFor(() => expect(object).toHaveAccessibleDescription('Ce champ contient des caractères invisibles : retapez-le sans copier-coller.'))
    expect(firstName).toHaveValue('<b>Camille')
    expect(firstName).toHaveAttribute('aria-invalid', 'true')
    expect(object).toHaveAttribute('aria-invalid', 'true')
  })

  it('shows nothing for fields only passed through, and announces the error of a changed field once left', async () => {
    const user = userEvent.setup()
    const { container } = render(<ContactForm />)
    await user.click(screen.getByLabelText(/^Prénom/))
    await user.tab()
    await user.tab()
    await user.type(screen.getByLabelText(/^E-mail professionnel/), 'pas-une-adresse')
    expect(container.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0)
    await user.tab()
    const live = container.querySelector('[aria-live="polite"]:not([role])')
    await waitFor(() => expect(live).toHaveTextContent('Cette adresse e-mail ne semble pas valide'))
    expect(container.querySelectorAll('[aria-invalid="true"]')).toHaveLength(1)
    expect(screen.getByLabelText(/^Prénom/)).not.toHaveAttribute('aria-invalid')
  })
})
