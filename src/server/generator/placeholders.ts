/** The placeholders templates may use; anything else is a typo that would reach a visitor. */
export const PLACEHOLDERS = ['company', 'activity', 'Activity', 'event', 'Event', 'eventName', 'eventOf', 'count', 'sentence'] as const

export type Placeholder = (typeof PLACEHOLDERS)[number]
