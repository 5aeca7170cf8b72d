// SITE_MATOMO_GOALS, read at build: `newsletter-registered=1,contact-sent=2`, a conversion's goal key and
// its Matomo goal id per entry. The build checks the keys against the site's conversions afterwards
// (checkMatomoGoals in src/lib/conversions.ts), once the site's code is loaded.

/** A build setting the build cannot use: told as it is, with no stack trace. */
export class SettingsError extends Error {
  name = 'SettingsError'
}

/** `{ 'newsletter-registered': 1, … }`; throws a French message naming the faulty entry. */
export function parseMatomoGoals(text = '') {
  const goals = {}
  for (const entry of text.split(',').map((part) => part.trim()).filter(Boolean)) {
    const match = /^([a-z-]+)\s*=\s*([1-9]\d*)$/.exec(entry)
    if (!match) throw new SettingsError(`SITE_MATOMO_GOALS : « ${entry} » n'est pas de la forme clé=numéro d'objectif (ex. contact-sent=2)`)
    const [, key, id] = match
    if (Object.hasOwn(goals, key)) throw new SettingsError(`SITE_MATOMO_GOALS : « ${key} » est donnée deux fois`)
    goals[key] = Number(id)
  }
  return goals
}
