import type { SiteConfig } from './lib/site-config'

declare global {
  // Injected by esbuild (esbuild.config.mjs) and by vitest.config.ts.
  const __SITE_CONFIG__: SiteConfig
}
