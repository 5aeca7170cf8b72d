import { describeRouteSweep, NOT_FOUND, STUDIO_ROUTES } from './support/route-sweep'

// The platform's pages and the legal ones; the studio's are swept by route-sweep-studio.test.ts, in parallel.
describeRouteSweep((route) => !STUDIO_ROUTES.includes(route) && route !== NOT_FOUND)
