// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { record } from './experience-fixtures'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('experience list', () => {
  // The first date formatter a page builds costs Chromium about 12 ms (50 ms on a slow phone), in the task
  // that runs the generator's page; a first visit has no stored experience, so no date to show.
  it('builds no date formatter when its page loads, only when a date is shown', async () => {
    vi.resetModules()
    const { DateTimeFormat: Original } = Intl
    const DateTimeFormat = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (...args: ConstructorParameters<typeof Original>) {
      return new Original(...args)
    })
    const { ExperienceList } = await import('#src/features/ai-generator/experience-list')
    expect(DateTimeFormat).not.toHaveBeenCalled()

    render(<ExperienceList items={[record('a', '2026-11-25T12:00:00.000Z')]} unsaved={new Set()} openId={undefined} onOpen={() => {}} onDelete={() => {}} />)
    expect(screen.getByText(/25 novembre 2026/)).toBeInTheDocument()
    expect(DateTimeFormat).toHaveBeenCalledTimes(1)
  })
})
