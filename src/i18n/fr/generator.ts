/** The AI experience generator. */
export const generator = {} as const
