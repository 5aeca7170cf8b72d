// @vitest-environment jsdom
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Link, Outlet, RouterProvider } from '@tanstack/react-router'
import { act, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { installNavigationA11y } from '#src/app/navigation-a11y'

/** The frame callbacks asked for (the router's and the module's), run when the test says the browser paints. */
let frames: FrameRequestCallback[] = []
const paint = () => act(() => frames.splice(0).forEach((frame) => frame(performance.now())))

/** Does `move` and lets the router render the page titled `heading`, without painting: the module's frame is still to come. */
async function renderedAfter(move: () => unknown, heading: string): Promise<void> {
  await act(async () => {
    await move()
    for (let tick = 0; tick < 50 && !screen.queryByRole('heading', { level: 1, name: heading }); tick++) await new Promise((resolve) => setTimeout(resolve, 10))
  })
  expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument()
}

async function follow(link: HTMLElement, heading: string): Promise<void> {
  link.focus()
  await renderedAfter(() => link.click(), heading)
}

function page(heading: string, field: string) {
  return function Page() {
    return (
      <>
        <h1>{heading}</h1>
        <label>
          {field}
          <input />
        </label>
      </>
    )
  }
}

/** A list that scrolls sideways is focusable only once laid out, as on a phone; the link below it leads on. */
const Welcome = page('Accueil', 'Recherche')
function HomePage() {
  return (
    <>
      <Welcome />
      <ul data-testid="offers">
        <li>Quiz</li>
        <li>Roue</li>
      </ul>
      <Link to="/contact">Parler au studio</Link>
    </>
  )
}

async function renderSite() {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <nav>
          <Link to="/contact">Contact</Link>
        </nav>
        <main id="main">
          <Outlet />
        </main>
        <p id="route-announcer" />
      </>
    ),
  })
  const routeTree = rootRoute.addChildren([
    createRoute({ getParentRoute: () => rootRoute, path: '/', component: HomePage }),
    createRoute({ getParentRoute: () => rootRoute, path: '/contact', component: page('Parlons de votre jeu', 'Prénom') }),
  ])
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ['/'] }) })
  installNavigationA11y(router)
  render(<RouterProvider router={router} />)
  await act(() => router.load())
  return router
}

const scrolledIntoView: { element: Element; options: unknown }[] = []

beforeEach(() => {
  frames = []
  scrolledIntoView.splice(0)
  // jsdom lays nothing out and has no scrollIntoView.
  Element.prototype.scrollIntoView = function (this: Element, options?: unknown) {
    scrolledIntoView.push({ element: this, options })
  }
  vi.stubGlobal('requestAnimationFrame', (frame: FrameRequestCallback) => frames.push(frame))
})
afterEach(() => {
  vi.unstubAllGlobals()
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView')
})

describe('focus after a client navigation', () => {
  it('goes to the new page’s h1', async () => {
    await renderSite()
    await follow(screen.getByRole('link', { name: 'Contact' }), 'Parlons de votre jeu')
    await paint()
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }))
  })

  it('stays in the field the visitor went to before the page was painted', async () => {
    await renderSite()
    await follow(screen.getByRole('link', { name: 'Contact' }), 'Parlons de votre jeu')
    const field = screen.getByRole('textbox', { name: 'Prénom' })
    field.focus()
    await paint()
    expect(document.activeElement).toBe(field)
  })

  it('on Back, returns to the link followed, even when an element before it is not yet focusable again, and shows it whole', async () => {
    const router = await renderSite()
    screen.getByTestId('offers').tabIndex = 0
    await follow(within(screen.getByRole('main')).getByRole('link', { name: 'Parler au studio' }), 'Parlons de votre jeu')
    await paint()
    await renderedAfter(() => router.history.back(), 'Accueil')
    // The page is rendered again: its list has no tabindex until it is laid out, after this frame.
    expect(screen.getByTestId('offers').hasAttribute('tabindex')).toBe(false)
    await paint()
    const link = within(screen.getByRole('main')).getByRole('link', { name: 'Parler au studio' })
    expect(document.activeElement).toBe(link)
    expect(scrolledIntoView).toEqual([{ element: link, options: { block: 'nearest', inline: 'nearest' } }])
  })

  it('on Back to a page left with nothing focused, focuses the first heading in view and scrolls nothing', async () => {
    const router = await renderSite()
    expect(document.activeElement).toBe(document.body)
    await renderedAfter(() => router.navigate({ to: '/contact' }), 'Parlons de votre jeu')
    await paint()
    await renderedAfter(() => router.history.back(), 'Accueil')
    await paint()
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Accueil' }))
    expect(scrolledIntoView).toEqual([])
  })
})
