import path from 'node:path'
import { inject } from 'vitest'
import { startFirefox } from './support/firefox-driver'
import { describeJourneys } from './support/journeys'

describeJourneys('Firefox ESR', (timeouts) => startFirefox({ baseURL: inject('baseURL'), dataDir: path.join(path.dirname(inject('distDir')), 'data') }, timeouts))
