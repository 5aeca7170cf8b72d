import path from 'node:path'
import { pathToFileURL } from 'node:url'

const ROOT = path.resolve(import.meta.dirname, '../../..')

/** The paths of src/app/route-tree.tsx and the aliases of the route rules, as the build passes them to the content check. */
export async function siteRoutes(): Promise<{ routes: string[]; redirects: string[] }> {
  // esbuild.config.mjs has no type declarations; only these are used.
  const config = (await import(pathToFileURL(path.join(ROOT, 'esbuild.config.mjs')).href)) as {
    routeModules: () => Promise<Map<string, string>>
    routeRules: (settings: object, pages: unknown[]) => Record<string, unknown>
    readSettings: () => object
  }
  return { routes: [...(await config.routeModules()).keys()], redirects: Object.keys(config.routeRules(config.readSettings(), [])) }
}
