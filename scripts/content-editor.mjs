// The /admin content editor (Decap CMS, docs/decisions/036-content-editor.md) as dist/ ships it: its page,
// its configuration (generated from src/content-schema by the build) and Decap's prebuilt bundle
// (scripts/decap-bundle.mjs). No page of the site links or loads any of it.
import { copyFile, link, mkdir, readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { decapBundleDir } from './decap-bundle.mjs'
import { serialiseCsp } from './security-headers.mjs'

/** Where the editor lives in dist/, and what the dev server answers under it. */
export const ADMIN_PATH = '/admin/'

/** The Git host the editor saves to in production (README, « Modifier le contenu sans Git »). */
export function cmsBackend(settings) {
  if (settings.cms.backend === 'git-gateway') return { name: 'git-gateway', branch: settings.cms.branch }
  return { name: 'github', repo: settings.cms.repo, branch: settings.cms.branch, ...(settings.cms.authUrl ? { base_url: settings.cms.authUrl } : {}) }
}

/** Whether a production build can save anywhere; `npm run dev` always can (its local backend). */
export const isCmsConfigured = (settings) => settings.cms.backend === 'git-gateway' || Boolean(settings.cms.repo)

/**
 * The editor's own policy, for /admin/ only: Decap styles itself with inline <style> elements (emotion)
 * and compiles its configuration's validator at run time (ajv), which the site's policy forbids. Scripts
 * still come only from this origin (and Netlify Identity's widget with git-gateway); the Git host's API is
 * the only other place it talks to.
 */
export function adminCspDirectives(settings) {
  const gateway = settings.cms.backend === 'git-gateway'
  const identity = gateway ? 'https://identity.netlify.com' : ''
  // The Git host's API and its status page (the editor warns when the host is down); GitHub's sign-in goes
  // through a window of the OAuth proxy, which the policy does not govern.
  const hosts = gateway ? [identity, 'https://www.netlifystatus.com'] : ['https://api.github.com', 'https://www.githubstatus.com']
  const list = (...values) => values.flat().filter(Boolean).join(' ')
  return {
    'default-src': "'self'",
    'script-src': list("'self'", "'unsafe-eval'", identity),
    'style-src': list("'self'", "'unsafe-inline'", identity),
    'img-src': list("'self'", 'data:', 'blob:', gateway ? '' : 'https://avatars.githubusercontent.com'),
    'font-src': "'self'",
    'connect-src': list("'self'", hosts),
    // Netlify Identity's sign-in window is a frame of its own.
    ...(gateway ? { 'frame-src': list("'self'", identity) } : {}),
    'object-src': "'none'",
    'base-uri': "'self'",
    'form-action': "'self'",
  }
}

/** `_headers` for /admin/*: its own policy, never indexed, revalidated (its files have no hash in their names). */
export function adminHeaders(settings) {
  return {
    'Content-Security-Policy': serialiseCsp({ ...adminCspDirectives(settings), 'frame-ancestors': "'none'" }),
    'X-Robots-Tag': 'noindex, nofollow',
    'Cache-Control': 'no-cache',
  }
}

function escapeHtml(value) {
  return String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** The editor's page; without a production backend, a page that says what to set instead. */
export function adminHtml(settings, { dev = false } = {}) {
  const ready = dev || isCmsConfigured(settings)
  const identity = settings.cms.backend === 'git-gateway' ? '\n    <script src="https://identity.netlify.com/v1/netlify-identity-widget.js"></script>' : ''
  const body = ready
    ? `<noscript>L'éditeur de contenu a besoin de JavaScript.</noscript>
    <script src="${ADMIN_PATH}decap/decap-cms.js"></script>`
    : `<main>
      <h1>L'éditeur de contenu n'est pas relié à un dépôt</h1>
      <p>Pour modifier le contenu en ligne, construisez le site avec <code>SITE_CMS_REPO</code> (le dépôt GitHub, <code>propriétaire/nom</code>) ou <code>SITE_CMS_BACKEND=git-gateway</code> sur Netlify : le README l'explique dans « Modifier le contenu sans Git ». Sur votre poste, <code>npm run dev</code> ouvre l'éditeur sur vos fichiers.</p>
    </main>`
  return `<!doctype html>
<html lang="fr">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta http-equiv="Content-Security-Policy" content="${escapeHtml(serialiseCsp(adminCspDirectives(settings)))}">
    <meta name="robots" content="noindex, nofollow">
    <title>Éditeur de contenu | Ludora</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
    <link rel="cms-config-url" type="text/yaml" href="${ADMIN_PATH}config.yml">${identity}
  </head>
  <body>
    ${body}
  </body>
</html>
`
}

/** Decap's folder and its files, read once per process. */
let decapFiles

/** Writes the editor into `outDir/admin/`: its page, `config.yml` (YAML from the build) and Decap's files. */
export async function writeContentEditor(outDir, { settings, configYaml, dev = false }) {
  const adminDir = path.join(outDir, ...ADMIN_PATH.split('/').filter(Boolean))
  const decapDir = path.join(adminDir, 'decap')
  decapFiles ??= decapBundleDir().then(async (dir) => ({ dir, names: await readdir(dir) }))
  decapFiles.catch(() => (decapFiles = undefined))
  const [{ dir, names }] = await Promise.all([decapFiles, mkdir(decapDir, { recursive: true })])
  await Promise.all([
    writeFile(path.join(adminDir, 'index.html'), adminHtml(settings, { dev })),
    writeFile(path.join(adminDir, 'config.yml'), configYaml),
    // 7 MB on every build: linked where dist/ and node_modules/ share a disk (nothing writes to either
    // file afterwards), copied where they do not.
    ...names.map((name) => link(path.join(dir, name), path.join(decapDir, name)).catch(() => copyFile(path.join(dir, name), path.join(decapDir, name)))),
  ])
}
