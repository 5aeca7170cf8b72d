import { describeRouteSweep, NOT_FOUND, STUDIO_ROUTES } from './support/route-sweep'

// The studio's pages and the not-found page; the platform's are swept by route-sweep-platform.test.ts, in parallel.
describeRouteSweep((route) => STUDIO_ROUTES.includes(route) || route === NOT_FOUND)
