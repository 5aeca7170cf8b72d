/** Interface strings of the marketing pages and sections (their copy lives in content/). */
export const pages = {} as const
