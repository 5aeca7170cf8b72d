// Builds dist/: the client bundle (ESM, one lazy chunk per route, hashed under _app/), every route
// prerendered with its payload, 404.html, redirect pages, the build manifest, sitemap.xml and robots.txt.
//   node esbuild.config.mjs           one production build
//   node esbuild.config.mjs --watch   rebuild on change, served with live reload (authors)
//   node esbuild.config.mjs --serve   build, then serve dist/ like a static bucket, with the stand-in API
import * as esbuild from 'esbuild'
import { randomUUID } from 'node:crypto'
import { watch as watchFiles } from 'node:fs'
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { loadPagePayloads } from './scripts/content.mjs'
import { adminHeaders, cmsBackend, writeContentEditor } from './scripts/content-editor.mjs'
import { holdBackBelowFirstScreen } from './scripts/hold-back.mjs'
import { librariesApart, mergeBootChunks, outputClosure } from './scripts/merge-chunks.mjs'
import { parseMatomoGoals, SettingsError } from './scripts/matomo-goals.mjs'
import { parentOf } from './scripts/parent-process.mjs'
import { metaCsp, renderHeadersFile } from './scripts/security-headers.mjs'
import { socialCards } from './scripts/social-cards.mjs'

export const ROOT = path.dirname(fileURLToPath(import.meta.url))
const BUILD_DIR = path.join(ROOT, '.build')

/** Our own TypeScript bundled for Node to run here (servers, content tools, the API bench); npm packages stay in node_modules. */
export const NODE_TOOL_OPTIONS = { bundle: true, platform: 'node', format: 'esm', packages: 'external', target: 'node20', logLevel: 'silent', absWorkingDir: ROOT }
const SITE_NAME = 'Ludora'

/** Build-time settings (README, "Réglages de build"); every one is optional. */
export function readSettings(env = process.env) {
  const trim = (value) => value.replace(/\/+$/, '')
  return {
    siteUrl: trim(env.SITE_URL || 'https://www.ludora.fr'),
    apiUrl: trim(env.SITE_API_URL || '/api'),
    contactEmail: env.SITE_CONTACT_EMAIL || 'contact@ludora.fr',
    appUrl: trim(env.SITE_APP_URL || 'https://app.ludora.fr'),
    blogUrl: env.SITE_BLOG_URL || 'https://blog.ludora.fr',
    matomoUrl: env.SITE_MATOMO_URL || '',
    matomoId: env.SITE_MATOMO_ID || '',
    matomoGoals: parseMatomoGoals(env.SITE_MATOMO_GOALS),
    crispId: env.SITE_CRISP_ID || '',
    // Where the /admin editor saves in production (README, « Modifier le contenu sans Git »); never sent to the site's pages.
    cms: {
      backend: env.SITE_CMS_BACKEND === 'git-gateway' ? 'git-gateway' : 'github',
      repo: env.SITE_CMS_REPO || '',
      branch: env.SITE_CMS_BRANCH || 'main',
      authUrl: trim(env.SITE_CMS_AUTH_URL || ''),
    },
  }
}

/** Route rules written to the build manifest: external exits, French aliases, prerendered pages. */
export function routeRules(settings, pages) {
  return {
    '/login': { redirect: `${settings.appUrl}/login` },
    '/blog': { redirect: settings.blogUrl },
    '/tarifs': { redirect: '/pricing' },
    '/agence': { redirect: '/agency' },
    '/qui-sommes-nous': { redirect: '/who-are-we' },
    ...Object.fromEntries(pages.map((page) => [page.path, { prerender: true }])),
  }
}

/** Mistakes in content/, one line each (`file › JSON path: what was expected`): told as they are, with no stack trace. */
export class ContentError extends Error {
  constructor(problems) {
    super(`${problems.length === 1 ? 'Une erreur' : `${problems.length} erreurs`} dans content/, rien n'a été construit :\n${problems.join('\n')}`)
    this.name = 'ContentError'
    this.problems = problems
  }
}

/**
 * Checks every file of `root`/content against its schema (src/content-schema) and what it names: the
 * routes of the route tree, the aliases of the route rules, the files of `root`/static. Returns each
 * mistake as a line, and the /admin editor's configuration (YAML) made from the same schemas and files.
 */
export async function checkSiteContent(settings = readSettings(), root = ROOT) {
  const [{ check, editor }, modules] = await Promise.all([loadContentTools(), routeModules()])
  const { problems, files } = await check.checkContent({ root, routes: [...modules.keys()], redirects: Object.keys(routeRules(settings, [])) })
  return {
    problems: problems.map(check.formatProblem),
    files: files.length,
    editorConfig: () => editor.toYaml(editor.cmsConfig({ contents: files, backend: cmsBackend(settings), siteUrl: settings.siteUrl })),
  }
}

let contentChecks = 0

/**
 * Bundles the checker and the editor's configuration for Node and loads them. Zod stays in node_modules
 * (the files are written under .build/ so Node finds it there): bundling it on every build would cost more
 * than loading it.
 */
async function loadContentTools() {
  const outdir = path.join(BUILD_DIR, `content-tools-${process.pid}-${++contentChecks}`)
  await esbuild.build({
    entryPoints: ['check-content', 'cms-config'].map((name) => path.join(ROOT, `src/content-schema/${name}.ts`)),
    outdir,
    splitting: true,
    ...NODE_TOOL_OPTIONS,
  })
  try {
    const [check, editor] = await Promise.all(['check-content.js', 'cms-config.js'].map((file) => import(pathToFileURL(path.join(outdir, file)).href)))
    return { check, editor }
  } finally {
    await rm(outdir, { recursive: true, force: true })
  }
}

function escapeHtml(value) {
  return String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/**
 * Content files name their JSON Schema (`$schema`) for code editors; bundles that import one leave it out.
 * They are read from `root`/content (a copy of content/ in tests that edit it).
 */
function contentJsonPlugin(root) {
  return {
    name: 'content-json',
    setup(build) {
      build.onLoad({ filter: /\.json$/ }, async (args) => {
        const relative = path.relative(path.join(ROOT, 'content'), args.path)
        if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined
        const data = JSON.parse(await readFile(path.join(root, 'content', relative), 'utf8'))
        delete data.$schema
        return { contents: JSON.stringify(data), loader: 'json' }
      })
    },
  }
}

/**
 * The build settings (`__SITE_CONFIG__`) are written into src/lib/site-config.ts, their one reader. As an
 * esbuild `define` with an object value they would become a module injected into every file which, beside
 * React's CommonJS files, esbuild wraps: every module of the bundle then starts by calling its init
 * (0.5 KB gzip on every page).
 */
function siteConfigPlugin(define) {
  return {
    name: 'site-config',
    setup(build) {
      if (define.__SITE_CONFIG__ === undefined) return
      build.onLoad({ filter: /[\\/]src[\\/]lib[\\/]site-config\.ts$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8')
        const written = source.replace('= __SITE_CONFIG__', () => `= ${define.__SITE_CONFIG__}`)
        if (written === source) throw new Error(`${args.path} no longer reads __SITE_CONFIG__ as \`= __SITE_CONFIG__\``)
        return { contents: written, loader: 'ts' }
      })
    },
  }
}

/**
 * React 19 has `useSyncExternalStore`: the shim the router's store imports for older Reacts (and its
 * selector built on the shim) is dead weight, so its selector is taken from the package's React 18+ entry.
 */
const noSyncExternalStoreShimPlugin = {
  name: 'no-sync-external-store-shim',
  setup(build) {
    build.onResolve({ filter: /^use-sync-external-store\/shim\/with-selector(\.js)?$/ }, (args) =>
      build.resolve('use-sync-external-store/with-selector.js', { kind: args.kind, resolveDir: args.resolveDir }),
    )
  },
}

function sharedOptions(define, contentRoot) {
  const { __SITE_CONFIG__, ...otherDefines } = define
  return {
    plugins: [contentJsonPlugin(contentRoot), siteConfigPlugin(define), noSyncExternalStoreShimPlugin],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    jsx: 'automatic',
    define: otherDefines,
    logLevel: 'silent',
    loader: { '.svg': 'file', '.png': 'file', '.webp': 'file', '.avif': 'file', '.woff2': 'file' },
  }
}

/**
 * The names the site imports (`default` for a default import) from libraries that only the app's boot step
 * loads. Set apart from the site's code, they stay in the visitor's cache through a release of the site
 * (docs/decisions/069-libraries-apart-from-the-app.md); the build stops, naming the library, when the boot
 * uses one that is missing here.
 */
export const BOOT_LIBRARIES = {
  '@tanstack/react-query': ['QueryClient', 'QueryClientProvider', 'queryOptions', 'useQueryClient', 'useQueryErrorResetBoundary'],
  'universal-cookie': ['default'],
}
const bootLibraries = librariesApart(BOOT_LIBRARIES)

/**
 * How the browser bundle is built; the bench builds its reference page the same way (scripts/bench-reference.mjs),
 * with its own entry point.
 */
export function clientOptions(outDir, define, dev, contentRoot) {
  const shared = sharedOptions(define, contentRoot)
  return {
    ...shared,
    plugins: [...shared.plugins, bootLibraries.plugin],
    entryPoints: [path.join(ROOT, 'src/main.tsx'), bootLibraries.entryPoint],
    outdir: path.join(outDir, '_app'),
    platform: 'browser',
    splitting: true,
    minify: !dev,
    sourcemap: dev ? 'inline' : false,
    metafile: true,
    entryNames: 'assets/[name]-[hash]',
    chunkNames: 'assets/chunks/[name]-[hash]',
    assetNames: 'assets/media/[name]-[hash]',
    publicPath: '/_app',
    absWorkingDir: ROOT,
  }
}

/** Stylesheets mean nothing to the Node prerender, including those imported from packages (tippy.js). */
const ignoreCssPlugin = {
  name: 'ignore-css',
  setup(build) {
    build.onResolve({ filter: /\.css$/ }, (args) => ({ path: args.path, namespace: 'ignored-css' }))
    build.onLoad({ filter: /.*/, namespace: 'ignored-css' }, () => ({ contents: '', loader: 'empty' }))
  },
}

/**
 * The router renders a different tree when it believes it runs on a server; prerendered HTML must match
 * what the browser renders so React can hydrate it in place (docs/decisions/001-prerender-and-hydrate.md). The router is bundled
 * into the prerender with its browser flag.
 */
const routerAsInBrowserPlugin = {
  name: 'router-as-in-browser',
  setup(build) {
    build.onResolve({ filter: /^@tanstack\/router-core\/isServer$/ }, () => ({
      path: path.join(ROOT, 'node_modules/@tanstack/router-core/dist/esm/isServer/client.js'),
    }))
  },
}

const PRERENDER_EXTERNALS = ['react', 'react/*', 'react-dom', 'react-dom/*', '@tanstack/react-query', '@tanstack/query-core', 'marked', 'linkify-it', 'mdurl', 'punycode.js', 'dompurify', 'formik', 'yup', 'tippy.js', 'jsdom']

/** How the prerender bundle is built; the bench prerenders its reference page the same way (scripts/bench-reference.mjs). */
export function prerenderOptions(outfile, define, contentRoot) {
  return {
    ...sharedOptions(define, contentRoot),
    plugins: [...sharedOptions(define, contentRoot).plugins, ignoreCssPlugin, routerAsInBrowserPlugin],
    entryPoints: [path.join(ROOT, 'src/prerender.tsx')],
    outfile,
    platform: 'node',
    external: PRERENDER_EXTERNALS,
    // Bundled CommonJS dependencies of the router require React at run time.
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    absWorkingDir: ROOT,
  }
}

/** Lazy chunk module of each route, read from the route tree's `path: …` / `import('#src/routes/…')` pairs. */
export async function routeModules() {
  const source = await readFile(path.join(ROOT, 'src/app/route-tree.tsx'), 'utf8')
  const modules = new Map()
  for (const match of source.matchAll(/path: '([^']+)'[\s\S]*?import\('#src\/routes\/([^']+)'\)/g)) {
    modules.set(match[1], `src/routes/${match[2]}.tsx`)
  }
  return modules
}

/** What every page runs after its first paint: the entry, React DOM's client, then the app (src/main.tsx). */
export const BOOT_MODULES = ['src/main.tsx', 'node_modules/react-dom/client.js', 'src/app/boot.tsx']

/** V8's explicit compile hint: compile every function of the file while streaming it in. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n'

/**
 * Heads with V8's compile hint the files every page runs as it boots, `entries` and their static imports:
 * Chromium then compiles their functions on the thread that streams them in, not one by one on the main
 * thread when hydration first calls them. A route's own chunk and the lazy ones (forms, Markdown, tooltips)
 * stay lazily compiled: most of their functions never run on a given visit (docs/decisions/044-compile-hints.md).
 */
export async function addCompileHints(metafile, entries) {
  const files = new Set(entries.flatMap((entry) => [...outputClosure(metafile, entry)]))
  await Promise.all(
    [...files]
      .filter((file) => file.endsWith('.js'))
      .map(async (file) => {
        const output = path.resolve(ROOT, file)
        await writeFile(output, COMPILE_HINT + (await readFile(output, 'utf8')))
      }),
  )
}

/**
 * The entry script and stylesheet the HTML links, and the web fonts that stylesheet declares (preloaded so
 * they are there for the first paint); the app itself loads after the first paint.
 */
function entryAssets(metafile, outDir) {
  const publicUrl = (file) => '/' + path.relative(outDir, path.resolve(ROOT, file)).split(path.sep).join('/')
  const [entryFile, entry] = Object.entries(metafile.outputs).find(([, output]) => output.entryPoint === 'src/main.tsx')
  const entryFiles = outputClosure(metafile, 'src/main.tsx')
  return {
    script: publicUrl(entryFile),
    /** A page's modules past the entry: the app, then the route's own chunk, with their static imports. */
    pageModules: (routeModule) =>
      [...new Set([...outputClosure(metafile, 'src/app/boot.tsx'), ...outputClosure(metafile, routeModule)])]
        .filter((file) => file.endsWith('.js') && !entryFiles.has(file))
        .map(publicUrl),
    stylesheet: publicUrl(entry.cssBundle),
    fonts: metafile.outputs[entry.cssBundle].imports.filter((asset) => asset.path.endsWith('.woff2')).map((asset) => publicUrl(asset.path)),
    cssChunks: Object.keys(metafile.outputs).filter((file) => file.endsWith('.css') && file.includes('/chunks/')),
  }
}

function documentHtml(template, { head, app, assets, buildId, dev }) {
  const tags = [
    ...assets.fonts.map((href) => `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin>`),
    `<link rel="stylesheet" href="${assets.stylesheet}">`,
    ...(assets.fetches ?? []).map((href) => `<link rel="preload" href="${href}" as="fetch" crossorigin="anonymous">`),
    // Read by the entry after the first paint, which then fetches them all at once (src/main.tsx).
    assets.modules?.length ? `<meta name="ludora:modules" content="${assets.modules.join(' ')}">` : '',
    `<meta name="ludora:build" content="${escapeHtml(buildId)}">`,
    `<script type="module" src="${assets.script}"></script>`,
    dev ? '<script type="module" src="/_dev/live-reload.js"></script>' : '',
  ].filter(Boolean)
  return template
    .replace('<!--csp-->', assets.csp)
    .replace('<!--head-->', head)
    .replace('<!--assets-->', tags.join('\n    '))
    .replace('<!--app-->', app)
}

function redirectHtml(target, canonical, csp) {
  const safe = escapeHtml(target)
  return `<!doctype html>
<html lang="fr">
  <head>
    <meta charset="utf-8">
    <meta http-equiv="Content-Security-Policy" content="${csp}">
    <title>Redirection | ${SITE_NAME}</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
    <meta name="robots" content="noindex">
    <meta http-equiv="refresh" content="0; url=${safe}">
    <link rel="canonical" href="${escapeHtml(canonical)}">
  </head>
  <body>
    <p>Cette page a changé d'adresse : <a href="${safe}">continuer vers ${safe}</a>.</p>
  </body>
</html>
`
}

/** Watch mode, before any build has succeeded: the live-reload script shows why, and reloads once one does. */
function buildErrorHtml() {
  return `<!doctype html>
<html lang="fr">
  <head>
    <meta charset="utf-8">
    <title>Échec de la construction | ${SITE_NAME}</title>
    <script type="module" src="/_dev/live-reload.js"></script>
  </head>
  <body>
    <h1>La construction a échoué</h1>
    <p>Le détail est dans le terminal et au-dessus de cette page ; elle se recharge dès que la correction est enregistrée.</p>
  </body>
</html>
`
}

function sitemapXml(siteUrl, paths, timestamp) {
  const lastmod = new Date(timestamp).toISOString().slice(0, 10)
  const urls = paths.map((page) => `  <url><loc>${escapeHtml(siteUrl + page)}</loc><lastmod>${lastmod}</lastmod></url>`)
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}

async function writeFileDeep(file, content) {
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, content)
}

function pageFile(outDir, routePath, name) {
  return path.join(outDir, ...routePath.split('/').filter(Boolean), name)
}

/**
 * Builds the whole site into `outDir`, from `contentRoot`/content and `contentRoot`/static (the repository's
 * own by default). Returns what the bench and the tests need to know.
 */
export async function buildSite({ outDir = path.join(ROOT, 'dist'), env = process.env, dev = false, contentRoot = ROOT } = {}) {
  const started = performance.now()
  const settings = readSettings(env)
  const buildId = dev ? 'dev' : env.BUILD_ID || randomUUID()
  const timestamp = Date.now()
  const { cms, ...pageSettings } = settings
  // The build id and time are written into the pages, not the scripts (src/lib/build-id.ts): the same code
  // then builds to the same scripts, and a release of content alone keeps them in visitors' caches.
  const define = { __SITE_CONFIG__: JSON.stringify({ ...pageSettings, dev }) }
  const prerenderBundle = path.join(BUILD_DIR, `prerender-${process.pid}-${timestamp}.mjs`)

  const cards = socialCards({ cacheDir: path.join(BUILD_DIR, 'cards'), staticDir: path.join(contentRoot, 'static'), siteUrl: settings.siteUrl })
  try {
    return await buildInto({ outDir, settings, buildId, timestamp, define, prerenderBundle, dev, cards, started, contentRoot })
  } finally {
    await cards.close()
  }
}

/** The build proper; `buildSite` owns the card worker around it, so a failed build never leaves it running. */
async function buildInto({ outDir, settings, buildId, timestamp, define, prerenderBundle, dev, cards, started, contentRoot }) {
  // The content is checked while esbuild bundles; nothing is prerendered from content with a mistake.
  const [[client], content] = await Promise.all([
    (async () => {
      await rm(outDir, { recursive: true, force: true })
      await mkdir(BUILD_DIR, { recursive: true })
      return Promise.all([esbuild.build(clientOptions(outDir, define, dev, contentRoot)), esbuild.build(prerenderOptions(prerenderBundle, define, contentRoot)), cards.start()])
    })(),
    checkSiteContent(settings, contentRoot),
  ])
  if (content.problems.length) {
    await rm(prerenderBundle, { force: true })
    throw new ContentError(content.problems)
  }
  // Not in development: rebundled or headed with a line, files would no longer match their inline source maps.
  const metafile = dev ? client.metafile : await mergeBootChunks({ metafile: client.metafile, root: ROOT, outDir, publicPath: '/_app', steps: BOOT_MODULES })
  if (!dev) await addCompileHints(metafile, BOOT_MODULES)
  // Browser code may only `import type` from the schemas: Zod, the checks and the editor are build-time code.
  const leaked = Object.keys(metafile.inputs).filter((input) => /node_modules\/(zod|decap-cms[^/]*)\//.test(input) || input.startsWith('src/content-schema/'))
  if (leaked.length) throw new Error(`Build-time or editor code reached the browser bundle: ${leaked.slice(0, 3).join(', ')}. Import only types from src/content-schema.`)

  const [{ JSDOM }, prerender] = await Promise.all([import('jsdom'), import(pathToFileURL(prerenderBundle).href)])
  await rm(prerenderBundle, { force: true })
  try {
    prerender.checkMatomoGoals(settings.matomoGoals)
  } catch (error) {
    throw new SettingsError(error.message)
  }
  const { window } = new JSDOM('<!doctype html><html><body></body></html>', { url: settings.siteUrl })
  prerender.setSanitizerWindow(window)
  // The router runs its browser code path here (see routerAsInBrowserPlugin), which reads `window`.
  globalThis.window ??= window
  globalThis.self ??= globalThis

  const pages = prerender.listPageRoutes()
  const payloads = await loadPagePayloads(path.join(contentRoot, 'content'), prerender.renderMarkdown)
  prerender.resolveContentReferences(payloads)
  const missing = pages.filter((page) => !payloads.has(page.path)).map((page) => page.path)
  const orphans = [...payloads.keys()].filter((route) => !pages.some((page) => page.path === route))
  if (missing.length || orphans.length) {
    throw new Error(`content/pages does not match the route tree. Missing: ${missing.join(', ') || 'none'}. Unknown: ${orphans.join(', ') || 'none'}.`)
  }
  // Each page's card is known (and its URL named in the head and payload) before it is drawn; the drawing
  // runs in a worker while the pages prerender.
  const cardPlan = await cards.plan(pages, payloads)
  for (const [routePath, { image }] of cardPlan) payloads.get(routePath).meta.socialImage = image
  const cardsWritten = cards.write(cardPlan, outDir)
  // Awaited with the last writes; until then a failed drawing must not count as an unhandled rejection.
  cardsWritten.catch(() => {})

  const modules = await routeModules()
  const assets = entryAssets(metafile, outDir)
  const template = await readFile(path.join(ROOT, 'index.html'), 'utf8')
  const csp = metaCsp(settings)
  const headOptions = { siteUrl: settings.siteUrl, siteName: SITE_NAME }
  const rules = routeRules(settings, pages)
  const manifestUrl = `/_app/builds/meta/${buildId}.json`

  await Promise.all(
    pages.map(async ({ path: routePath }) => {
      const payload = payloads.get(routePath)
      if (!outputClosure(metafile, modules.get(routePath)).size) throw new Error(`No lazy chunk found for ${routePath} in src/app/route-tree.tsx`)
      const payloadFile = pageFile(outDir, routePath, '_payload.json')
      const app = await prerender.renderPage(routePath, payload)
      const html = documentHtml(template, {
        head: prerender.renderHeadTags(payload.meta, routePath, headOptions),
        // Not in development: React there reports every attribute it did not render as a mismatch.
        app: dev ? app : holdBackBelowFirstScreen(app),
        assets: {
          ...assets,
          csp,
          // In watch mode payloads carry a timestamp, so a preload could never be used.
          fetches: dev ? [manifestUrl] : [manifestUrl, `${routePath === '/' ? '' : routePath}/_payload.json?${buildId}`],
          modules: assets.pageModules(modules.get(routePath)),
        },
        buildId,
        dev,
      })
      await Promise.all([writeFileDeep(payloadFile, JSON.stringify(payload)), writeFileDeep(pageFile(outDir, routePath, 'index.html'), html)])
    }),
  )

  const notFoundHtml = documentHtml(template, {
    head: `<title>404 - Page Not Found | ${SITE_NAME}</title>\n    <meta name="robots" content="noindex">`,
    app: await prerender.renderPage('/404', undefined),
    assets: { ...assets, csp, modules: assets.pageModules() },
    buildId,
    dev,
  })

  const redirects = Object.entries(rules).filter(([, rule]) => rule.redirect)
  const prerendered = pages.map((page) => page.path)
  const [cardsDrawn] = await Promise.all([
    cardsWritten,
    writeFileDeep(path.join(outDir, '404.html'), notFoundHtml),
    ...redirects.map(([from, rule]) =>
      writeFileDeep(pageFile(outDir, from, 'index.html'), redirectHtml(rule.redirect, /^https?:/.test(rule.redirect) ? rule.redirect : settings.siteUrl + rule.redirect, csp)),
    ),
    writeFileDeep(path.join(outDir, '_app/builds/latest.json'), JSON.stringify({ id: buildId, timestamp })),
    writeFileDeep(
      path.join(outDir, `_app/builds/meta/${buildId}.json`),
      JSON.stringify({ id: buildId, timestamp, matcher: prerender.compileRouteRules(rules), prerendered }),
    ),
    writeFileDeep(path.join(outDir, 'sitemap.xml'), sitemapXml(settings.siteUrl, prerendered, timestamp)),
    writeFileDeep(path.join(outDir, 'robots.txt'), `User-agent: *\nAllow: /\n\nSitemap: ${settings.siteUrl}/sitemap.xml\n`),
    writeFileDeep(
      path.join(outDir, '_headers'),
      renderHeadersFile(settings, { paths: [...prerendered, ...redirects.map(([from]) => from)], extra: { '/admin': adminHeaders(settings), '/admin/*': adminHeaders(settings) } }),
    ),
    writeContentEditor(outDir, { settings, configYaml: content.editorConfig(), dev }),
    writeFileDeep(path.join(BUILD_DIR, 'metafile.json'), JSON.stringify(metafile)),
    cp(path.join(contentRoot, 'static'), outDir, { recursive: true }),
    // esbuild also writes a stylesheet per lazy chunk, already inside the entry's bundle; nothing loads them.
    ...assets.cssChunks.map((file) => rm(path.resolve(ROOT, file), { force: true })),
  ])

  return { outDir, buildId, timestamp, pages: prerendered, cardsDrawn, metafile, settings, durationMs: performance.now() - started }
}

let serverModules

/** Bundles the Node server (static bucket + API) and its process lifecycle, and loads them (once). */
function loadServer() {
  serverModules ??= bundleServer()
  return serverModules
}

async function bundleServer() {
  // One folder per process: two servers started at once (tests, a dev server beside npm start) never share a bundle.
  const outdir = path.join(BUILD_DIR, `server-${process.pid}`)
  await esbuild.build({
    entryPoints: [path.join(ROOT, 'src/server/main.ts'), path.join(ROOT, 'src/server/process-lifecycle.ts')],
    outdir,
    ...NODE_TOOL_OPTIONS,
  })
  const [main, lifecycle] = await Promise.all(['main.js', 'process-lifecycle.js'].map((file) => import(pathToFileURL(path.join(outdir, file)).href)))
  await rm(outdir, { recursive: true, force: true })
  return { startSiteServer: main.startSiteServer, stopWithParent: lifecycle.stopWithParent }
}

/** Starts the Node server on a built folder; `contentEditor`: the editor's local backend (watch mode). */
export async function startServer({ root, port, host = '127.0.0.1', liveReload = false, env = process.env, contentEditor }) {
  const { startSiteServer } = await loadServer()
  return startSiteServer({ root, port, host, liveReload, env, dataDir: path.join(ROOT, '.data'), contentEditor })
}

/**
 * Watch mode. Each build goes to a fresh folder; the server keeps serving the previous complete build until
 * the new one is finished, then switches and asks the pages to reload: no request ever meets a half-written
 * or missing file. The previous build stays reachable for the chunks a page loaded from it still asks for;
 * the one before is removed. The /admin editor saves into `contentRoot`/content and `contentRoot`/static
 * (the repository's own by default), each save checked as a build would check it.
 */
export async function startDevServer({ port, env = process.env, watch = true, log = console.log, contentRoot = ROOT }) {
  const buildsDir = path.join(BUILD_DIR, `dev-${process.pid}`)
  await rm(buildsDir, { recursive: true, force: true })
  let count = 0
  const builds = []
  const buildNext = async () => {
    const outDir = path.join(buildsDir, String(++count))
    const result = await buildSite({ outDir, env, dev: true, contentRoot })
    builds.push(outDir)
    if (builds.length > 2) await rm(builds.shift(), { recursive: true, force: true })
    return result
  }
  const report = (error) => console.error(error instanceof ContentError ? error.message : `Échec de la construction : ${error.message}`)
  let firstError
  try {
    await buildNext()
  } catch (error) {
    // No build to keep serving yet: every path answers a page that says why, until a build succeeds.
    firstError = error
    report(error)
    const outDir = path.join(buildsDir, String(++count))
    const page = buildErrorHtml()
    await Promise.all([writeFileDeep(path.join(outDir, 'index.html'), page), writeFileDeep(path.join(outDir, '404.html'), page)])
    builds.push(outDir)
  }
  const settings = readSettings(env)
  const contentEditor = { root: contentRoot, check: async (root) => (await checkSiteContent(settings, root)).problems }
  const server = await startServer({ root: builds.at(-1), port, liveReload: true, env, contentEditor })
  if (firstError) server.notifyBuildError(firstError.message)

  let building = Promise.resolve()
  /**
   * Rebuilds once the build in progress, if any, has finished; resolves when the new build is served. A
   * failed build leaves the last good one served, and the open pages show why it failed.
   */
  const rebuild = () =>
    (building = building.then(async () => {
      try {
        const result = await buildNext()
        server.notifyReload(builds.at(-1), builds.slice(0, -1))
        log(`Reconstruit en ${Math.round(result.durationMs)} ms`)
      } catch (error) {
        report(error)
        server.notifyBuildError(error.message)
      }
    }))

  const watchers = []
  if (watch) {
    let timer
    const schedule = () => {
      clearTimeout(timer)
      timer = setTimeout(rebuild, 100)
    }
    for (const dir of ['src', 'content', 'static']) watchers.push(watchFiles(path.join(dir === 'src' ? ROOT : contentRoot, dir), { recursive: true }, schedule))
    watchers.push(watchFiles(path.join(ROOT, 'index.html'), schedule))
  }

  return {
    url: server.url,
    rebuild,
    async close() {
      for (const watcher of watchers) watcher.close()
      await building
      await server.close()
      await rm(buildsDir, { recursive: true, force: true })
    },
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // Read before the first build: if npm dies during it, the server still sees it gone once started.
  const parent = process.ppid
  const grandparent = parentOf(parent)
  const args = process.argv.slice(2)
  const port = Number(process.env.PORT || 4173)
  if (args.includes('--watch')) {
    const { stopWithParent } = await loadServer()
    const dev = await startDevServer({ port })
    stopWithParent(dev.close, { parent, grandparent })
    console.log(`Mode auteur : ${dev.url} (rechargement automatique) ; éditeur de contenu : ${dev.url}/admin/`)
  } else {
    // `--no-build` serves what is already there (OUT_DIR or dist/), as built earlier.
    const outDir = path.resolve(process.env.OUT_DIR || path.join(ROOT, 'dist'))
    if (!args.includes('--no-build')) {
      const result = await buildSite({ outDir }).catch((error) => {
        if (!(error instanceof ContentError || error instanceof SettingsError)) throw error
        console.error(error.message)
        process.exit(1)
      })
      const drawn = result.cardsDrawn
      const cards = drawn === 0 ? 'cartes sociales reprises du cache' : drawn === 1 ? '1 carte sociale dessinée' : `${drawn} cartes sociales dessinées`
      console.log(`dist/ construit en ${Math.round(result.durationMs)} ms (${result.pages.length} pages, ${cards}, build ${result.buildId})`)
    }
    if (args.includes('--serve')) {
      const { stopWithParent } = await loadServer()
      const server = await startServer({ root: outDir, port })
      stopWithParent(server.close, { parent, grandparent })
      const generator = process.env.LLM_BASE_URL ? `modèle compatible OpenAI (${process.env.LLM_BASE_URL})` : 'générateur hors ligne intégré'
      console.log(`Site servi sur ${server.url} (API sous /api ; générateur IA : ${generator})`)
      console.log(server.deliverySummary)
    }
  }
}
