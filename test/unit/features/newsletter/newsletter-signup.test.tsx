// @vitest-environment jsdom
import { render, waitFor } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NewsletterSignup } from '#src/features/newsletter/newsletter-signup'
import { catchNewsletterSubmits } from '#src/features/newsletter/submit-requests'
import { MIN_FILL_TIME_MS } from '#src/lib/post-json'

const ADDRESS = 'prospect.rapide@exemple.fr'

afterEach(() => {
  vi.useRealTimers()
})

/** The footer form as the prerendered page ships it, before any script of the app has run. */
function prerendered(): HTMLElement {
  const container = document.createElement('div')
  container.innerHTML = renderToString(<NewsletterSignup variant="footer" />)
  document.body.append(container)
  return container
}

describe('NewsletterSignup', () => {
  it('sends once, from the same input, an address typed and submitted twice before hydration', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const fetch = vi.fn(async (..._args: Parameters<typeof globalThis.fetch>) => Response.json({ status: 'registered' }, { status: 201 }))
    vi.stubGlobal('fetch', fetch)
    catchNewsletterSubmits()
    const container = prerendered()
    const form = container.querySelector('form')!
    const input = container.querySelector<HTMLInputElement>('input[name="email"]')!
    input.value = ADDRESS
    form.requestSubmit()
    form.requestSubmit()

    render(<NewsletterSignup variant="footer" />, { container, hydrate: true })
    // The validation chunk is still on its way when the minimum fill time has passed.
    vi.setSystemTime(Date.now() + MIN_FILL_TIME_MS)
    expect(container.querySelector('input[name="email"]')).toBe(input)
    expect(input.value).toBe(ADDRESS)
    expect(container).toHaveTextContent('Envoi en cours…')
    await waitFor(() => expect(container.querySelector('[role="status"]')).toHaveTextContent('Votre inscription est enregistrée'))
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toMatchObject({ email: ADDRESS, website: '' })
    expect(container.querySelector('input[name="email"]')).toBe(input)
  })

  it('tells a wrong address typed and left before hydration, as leaving the field after it does', async () => {
    const container = prerendered()
    const input = container.querySelector<HTMLInputElement>('input[name="email"]')!
    input.focus()
    input.value = 'pas-valide'
    input.blur()

    render(<NewsletterSignup variant="footer" />, { container, hydrate: true })
    await waitFor(() => expect(container.querySelector('.field-error')).toHaveTextContent('Cette adresse e-mail ne semble pas valide'))
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input.value).toBe('pas-valide')
  })

  it('says nothing at hydration about an address still being typed', async () => {
    const container = prerendered()
    const input = container.querySelector<HTMLInputElement>('input[name="email"]')!
    input.focus()
    input.value = 'pas-vali'

    render(<NewsletterSignup variant="footer" />, { container, hydrate: true })
    await import('#src/features/newsletter/newsletter-submission')
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(container.querySelector('.field-error')).toBeNull()
    expect(input).not.toHaveAttribute('aria-invalid')
  })

  it('leaves the submits of other forms alone', () => {
    catchNewsletterSubmits()
    const other = document.createElement('form')
    document.body.append(other)
    const submitted = vi.fn((event: SubmitEvent) => event.preventDefault())
    other.addEventListener('submit', submitted)
    other.requestSubmit()
    expect(submitted).toHaveBeenCalledTimes(1)
    expect(submitted.mock.calls[0]?.[0].defaultPrevented).toBe(true)
  })
})
