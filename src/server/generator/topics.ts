import type { GeneratorRequest } from '#src/features/ai-generator/experience-schema'
import { bank, type Activity, type Bank, type CalendarEvent } from './bank'
import { findKeyword, stems, type Keyword } from './text-match'

/** What the bank knows about a request: its trade, its event and the season it falls in, if any. */
export interface TopicMatch {
  activities: Activity[]
  /** From the event field, or else from the additional information. */
  events: CalendarEvent[]
  season: CalendarEvent | undefined
  /** The bank event the visitor's event field names, whose names may stand for the visitor's words. */
  namedEvent: CalendarEvent | undefined
  /** The event field names a bank event or season: its facts are about the visitor's event. */
  eventKnown: boolean
}

const MAX_ENTRIES = 2
/** A second entry is kept only when it is nearly as well matched as the first. */
const RUNNER_UP_SHARE = 0.6

/**
 * The entries whose keywords occur in the text, best first: the most keywords found, then the earliest
 * (French and English both put the main noun first: "restaurant de fruits de mer").
 */
export function rankEntries<T extends { keywords: Keyword[] }>(text: string, entries: readonly T[]): T[] {
  const textStems = stems(text)
  const scored = entries
    .map((entry) => {
      const positions = entry.keywords.map((keyword) => findKeyword(textStems, keyword)).filter((position) => position >= 0)
      return { entry, count: positions.length, first: Math.min(...positions) }
    })
    .filter(({ count }) => count > 0)
    .sort((a, b) => b.count - a.count || a.first - b.first)
  const best = scored[0]?.count ?? 0
  return scored
    .filter(({ count }) => count >= best * RUNNER_UP_SHARE)
    .slice(0, MAX_ENTRIES)
    .map(({ entry }) => entry)
}

function firstMatch<T extends { keywords: Keyword[] }>(attempts: [string, readonly T[]][]): T[] {
  for (const [text, entries] of attempts) {
    const found = rankEntries(text, entries)
    if (found.length) return found
  }
  return []
}

export function matchTopics(input: Pick<GeneratorRequest, 'companyName' | 'companyActivity' | 'event' | 'additionalInformation'>, source: Bank = bank): TopicMatch {
  const precise = source.activities.filter((activity) => !activity.generic)
  const generic = source.activities.filter((activity) => activity.generic)
  const activities = firstMatch([
    [input.companyActivity, precise],
    [input.companyActivity, generic],
    [input.companyName, precise],
    [input.companyName, generic],
  ])
  const calendar = source.events.filter((event) => !event.season)
  const seasons = source.events.filter((event) => event.season)
  const extra = input.additionalInformation ?? ''
  const fromEvent = rankEntries(input.event, calendar)
  const seasonFromEvent = rankEntries(input.event, seasons)[0]
  return {
    activities,
    events: fromEvent.length ? fromEvent : rankEntries(extra, calendar),
    season: seasonFromEvent ?? rankEntries(extra, seasons)[0],
    namedEvent: fromEvent[0],
    eventKnown: fromEvent.length > 0 || seasonFromEvent !== undefined,
  }
}
