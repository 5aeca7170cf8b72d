/** Where the build names itself in every page it writes (esbuild.config.mjs, `documentHtml`). */
const BUILD_META = 'meta[name="ludora:build"]'

/**
 * The build that wrote the page the app runs in: its payloads and manifest are asked for under this id, and
 * a newer id in `_app/builds/latest.json` means a newer release. The page names it, not the scripts: a
 * build that changes no code then writes every script byte for byte under the same name, and a release of
 * content alone leaves them all in visitors' caches (docs/decisions/068-scripts-that-outlive-a-release.md).
 * Empty outside a page (the prerender) or in a page that does not name its build.
 */
export function pageBuildId(): string {
  if (typeof document === 'undefined') return ''
  return document.querySelector<HTMLMetaElement>(BUILD_META)?.content ?? ''
}
