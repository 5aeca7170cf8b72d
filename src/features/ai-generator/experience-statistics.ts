import type { StoredExperience } from './experience-storage'

/** How the statistics name an experience: its kind and language (`quiz-fr`, `poll-en`), nothing the visitor typed. */
export function statisticsName(record: StoredExperience): string {
  return `${record.experience.kind}-${record.experience.language}`
}
