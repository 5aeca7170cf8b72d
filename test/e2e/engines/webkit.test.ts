import { inject } from 'vitest'
import { describeJourneys } from './support/journeys'
import { startWebKit } from './support/webkit-driver'

describeJourneys('WebKitGTK', (timeouts) => startWebKit({ distDir: inject('distDir') }, timeouts))
