// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
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
    expect(await screen.findByText('Les caractères < et > ne sont pas acceptés ici.')).toBeInTheDocument()
    expect(await screen.findByText('Ce champ contient des caractères invisibles : retapez-le sans copier-coller.')).toBeInTheDocument()
    expect(firstName).toHaveValue('<b>Camille')
    expect(firstName).toHaveAttribute('aria-invalid', 'true')
  })
})
