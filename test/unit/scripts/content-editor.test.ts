import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parseHeadersFile } from '#src/server/static-server'

const scripts = path.resolve(import.meta.dirname, '../../../scripts')
// The build scripts have no type declarations; only these are used.
const editor = (await import(pathToFileURL(path.join(scripts, 'content-editor.mjs')).href)) as {
  adminHtml: (settings: object, options?: { dev?: boolean }) => string
  adminHeaders: (settings: object) => Record<string, string>
}
const headers = (await import(pathToFileURL(path.join(scripts, 'security-headers.mjs')).href)) as {
  renderHeadersFile: (settings: object, options: { paths: string[]; extra: Record<string, Record<string, string>> }) => string
}
const config = (await import(pathToFileURL(path.resolve(scripts, '../esbuild.config.mjs')).href)) as { readSettings: (env: object) => object }

const settings = (env: Record<string, string> = {}) => config.readSettings(env)

/** The headers a host applying `_headers` gives `pathname`, every matching rule's values kept (as Cloudflare Pages joins them). */
function headersFor(file: string, pathname: string): Record<string, string[]> {
  const found: Record<string, string[]> = {}
  for (const rule of parseHeadersFile(file)) {
    if (!rule.pattern.test(pathname)) continue
    for (const [name, value] of rule.headers) (found[name.toLowerCase()] ??= []).push(value)
  }
  return found
}

describe('_headers with the content editor', () => {
  const site = settings()
  const file = headers.renderHeadersFile(site, { paths: ['/', '/pricing', '/ai/request', '/tarifs'], extra: { '/admin': editor.adminHeaders(site), '/admin/*': editor.adminHeaders(site) } })

  it('gives /admin/ its own policy alone, noindex, even on a host that joins the headers of every matching rule', () => {
    for (const pathname of ['/admin', '/admin/', '/admin/decap/decap-cms.js']) {
      const found = headersFor(file, pathname)
      expect(found['content-security-policy'], pathname).toHaveLength(1)
      expect(found['content-security-policy']![0], pathname).toContain("script-src 'self' 'unsafe-eval'")
      expect(found['x-robots-tag'], pathname).toEqual(['noindex, nofollow'])
      expect(found['x-content-type-options'], pathname).toEqual(['nosniff'])
    }
  })

  it('keeps the site’s strict policy on every page, redirect page and file of the site', () => {
    for (const pathname of ['/', '/index.html', '/pricing', '/pricing/', '/pricing/_payload.json', '/ai/request', '/tarifs/', '/404.html', '/_app/assets/main-A1.js', '/images/heroes/stakes.svg']) {
      const found = headersFor(file, pathname)
      expect(found['content-security-policy'], pathname).toHaveLength(1)
      expect(found['content-security-policy']![0], pathname).not.toMatch(/unsafe-(inline|eval)/)
      expect(found['x-robots-tag'], pathname).toBeUndefined()
    }
  })
})

describe('the editor’s page', () => {
  it('is noindex, carries its own policy, and loads Decap from dist/admin/', () => {
    const html = editor.adminHtml(settings({ SITE_CMS_REPO: 'ludora/site' }))
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">')
    expect(html).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'unsafe-eval';[^"]*">/)
    expect(html).toContain('<link rel="cms-config-url" type="text/yaml" href="/admin/config.yml">')
    expect(html).toContain('<script src="/admin/decap/decap-cms.js"></script>')
    expect(html).not.toContain('identity.netlify.com')
  })

  it('loads Netlify Identity with git-gateway, and its policy allows it', () => {
    const gateway = settings({ SITE_CMS_BACKEND: 'git-gateway' })
    expect(editor.adminHtml(gateway)).toContain('<script src="https://identity.netlify.com/v1/netlify-identity-widget.js"></script>')
    expect(editor.adminHeaders(gateway)['Content-Security-Policy']).toContain("script-src 'self' 'unsafe-eval' https://identity.netlify.com")
  })

  it('says what to set when a production build has nowhere to save, and always opens in npm run dev', () => {
    const html = editor.adminHtml(settings())
    expect(html).toContain('SITE_CMS_REPO')
    expect(html).not.toContain('decap-cms.js')
    expect(editor.adminHtml(settings(), { dev: true })).toContain('decap-cms.js')
  })
})
