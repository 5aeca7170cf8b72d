// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { consentOptions } from '#src/features/consent/consent-config'
import { ConsentEmbed } from '#src/features/consent/consent-embed'
import { ConsentRoot } from '#src/features/consent/consent-root'
import { decide, resetConsentStore } from '#src/features/consent/consent-store'
import { acceptAll, saveSelection } from '#src/features/consent/consent-state'
import { ManageCookiesButton } from '#src/features/consent/manage-cookies-button'
import { renderWithRouter } from '../../support/render-with-router'

function scripts(): string[] {
  return [...document.head.querySelectorAll('script[src]')].map((script) => script.getAttribute('src') ?? '')
}

beforeEach(() => {
  resetConsentStore()
  document.head.querySelectorAll('script[src]').forEach((script) => script.remove())
  delete (window as unknown as Record<string, unknown>)._paq
})

afterEach(() => {
  consentOptions.controlButton = false
})

describe('consent banner and settings', () => {
  it('shows the banner on a first visit and loads nothing optional', async () => {
    await renderWithRouter(<ConsentRoot />)
    const banner = await screen.findByRole('region', { name: 'Vos cookies, votre choix' })
    for (const name of ['Tout accepter', 'Tout refuser', 'Gérer les cookies', /Fermer/]) {
      expect(screen.getByRole('button', { name })).toHaveClass('consent-button')
    }
    expect(banner).toBeVisible()
    expect(scripts()).toEqual([])
    expect(document.cookie).toBe('')
  })

  it('Accept all writes both cookies, hides the banner and injects each script once', async () => {
    const user = userEvent.setup()
    await renderWithRouter(<ConsentRoot />)
    await user.click(await screen.findByRole('button', { name: 'Tout accepter' }))
    expect(document.cookie).toContain('ncc_c=necessarymatomocrispfunctional')
    expect(document.cookie).toContain('ncc_e=necessary|matomo|crisp|functional')
    expect(screen.queryByRole('region', { name: 'Vos cookies, votre choix' })).toBeNull()
    // The loaders come with the consent that allows them, in a chunk of their own.
    await waitFor(() => expect(scripts()).toEqual(['https://stats.ludora.fr/matomo.js', 'https://client.crisp.chat/l.js']))
    act(() => decide(acceptAll(), { reload: vi.fn() }))
    await act(() => Promise.resolve())
    expect(scripts()).toHaveLength(2)
  })

  it('Decline all records the refusal with necessary only', async () => {
    const user = userEvent.setup()
    await renderWithRouter(<ConsentRoot />)
    await user.click(await screen.findByRole('button', { name: 'Tout refuser' }))
    expect(document.cookie).toContain('ncc_c=necessarymatomocrispfunctional')
    expect(document.cookie).toContain('ncc_e=necessary')
    expect(document.cookie).not.toContain('matomo|')
    expect(scripts()).toEqual([])
  })

  it('Close hides the banner for this visit and stores nothing', async () => {
    const user = userEvent.setup()
    await renderWithRouter(<ConsentRoot />)
    await user.click(await screen.findByRole('button', { name: /Fermer/ }))
    expect(screen.queryByRole('region', { name: 'Vos cookies, votre choix' })).toBeNull()
    expect(document.cookie).toBe('')
  })

  it('the settings dialog traps focus, flags unsaved changes, saves exactly the selection and closes on Escape', async () => {
    const user = userEvent.setup()
    await renderWithRouter(
      <>
        <ManageCookiesButton />
        <ConsentRoot />
      </>,
    )
    const opener = screen.getAllByRole('button', { name: 'Gérer les cookies' })[0]!
    await user.click(opener)
    const dialog = await screen.findByRole('dialog', { name: 'Paramètres des cookies' })
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    expect(screen.getByRole('switch', { name: 'Cookies nécessaires' })).toBeDisabled()
    expect(screen.getByRole('switch', { name: 'Cookies nécessaires' })).toBeChecked()
    const statistics = screen.getByRole('switch', { name: "Mesure d'audience (Matomo)" })
    expect(statistics).not.toBeChecked()
    expect(screen.queryByText('You have unsaved settings')).toBeNull()
    await user.click(statistics)
    expect(screen.getByText('You have unsaved settings')).toBeInTheDocument()
    await user.click(statistics)
    expect(screen.queryByText('You have unsaved settings')).toBeNull()
    await user.click(statistics)

    const buttons = [...dialog.querySelectorAll('button, input:not([disabled])')]
    ;(buttons.at(-1) as HTMLElement).focus()
    await user.tab()
    expect(dialog.contains(document.activeElement)).toBe(true)

    await user.click(screen.getByRole('button', { name: 'Enregistrer mes choix' }))
    expect(document.cookie).toContain('ncc_e=necessary|matomo')
    expect(screen.queryByRole('dialog')).toBeNull()

    await user.click(opener)
    await screen.findByRole('dialog')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(document.activeElement).toBe(opener)
  })

  it('a banner choice hands focus to the main landmark and says the choice in the region that was already there', async () => {
    const user = userEvent.setup()
    await renderWithRouter(
      <>
        <main id="main" tabIndex={-1} />
        <ConsentRoot />
      </>,
    )
    const region = screen.getByRole('status')
    expect(region).toHaveTextContent('')
    await user.click(await screen.findByRole('button', { name: 'Tout refuser' }))
    expect(document.activeElement).toBe(document.getElementById('main'))
    await waitFor(() => expect(region).toHaveTextContent("Vos choix de cookies sont enregistrés : mesure d'audience refusée, chat refusé, vidéos intégrées refusées."))
  })

  it('the dialog makes the rest of the page inert and gives focus back to the control button that opened it', async () => {
    decide(saveSelection(new Set()), { reload: vi.fn() })
    resetConsentStore()
    consentOptions.controlButton = true
    const user = userEvent.setup()
    await renderWithRouter(
      <>
        <a href="/pricing">Tarifs</a>
        <ConsentRoot />
      </>,
    )
    const control = await screen.findByRole('button', { name: 'Paramètres des cookies' })
    await user.click(control)
    await screen.findByRole('dialog')
    expect(screen.getByRole('link', { name: 'Tarifs', hidden: true })).toHaveAttribute('inert')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.getByRole('link', { name: 'Tarifs' })).not.toHaveAttribute('inert')
    expect(document.activeElement).toBe(control)
  })

  it('keeps the floating control button off by default and renders it when configured', async () => {
    decide(saveSelection(new Set()), { reload: vi.fn() })
    resetConsentStore()
    const first = await renderWithRouter(<ConsentRoot />)
    expect(screen.queryByRole('region', { name: 'Vos cookies, votre choix' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Paramètres des cookies' })).toBeNull()
    first.unmount()
    consentOptions.controlButton = true
    resetConsentStore()
    await renderWithRouter(<ConsentRoot />)
    expect(await screen.findByRole('button', { name: 'Paramètres des cookies' })).toBeInTheDocument()
  })

  it('withdrawing removes the group cookies, stops Matomo and reloads for Crisp', async () => {
    await renderWithRouter(<ConsentRoot />)
    act(() => decide(acceptAll(), { reload: vi.fn() }))
    document.cookie = '_pk_id.7.abc=1; path=/'
    document.cookie = 'crisp-client/session/abc=1; path=/'
    const reload = vi.fn()
    act(() => decide(saveSelection(new Set(['functional'])), { reload }))
    expect(document.cookie).not.toContain('_pk_id')
    expect(document.cookie).not.toContain('crisp-client')
    expect(reload).toHaveBeenCalledTimes(1)
    await waitFor(() => expect((window as unknown as { _paq?: unknown[][] })._paq?.at(-1)).toEqual(['disableCookies']))
  })
})

describe('embedded content', () => {
  it('shows the placeholder until functional cookies are allowed, then the frame without reload', async () => {
    const user = userEvent.setup()
    await renderWithRouter(
      <>
        <ConsentEmbed title="Démonstration" src="https://www.youtube-nocookie.com/embed/abc" width={1280} height={720} />
        <ConsentRoot />
      </>,
    )
    expect(screen.getByText('To see this, please enable functional cookies')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Activer les contenus intégrés' }))
    await user.click(await screen.findByRole('switch', { name: 'Contenus intégrés (vidéos)' }))
    await user.click(screen.getByRole('button', { name: 'Enregistrer mes choix' }))
    const frame = await screen.findByTitle('Démonstration')
    expect(frame.tagName).toBe('IFRAME')
    expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/abc')
  })
})
