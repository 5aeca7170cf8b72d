import path from 'node:path'
import type { z } from 'zod'
import { applicationPage, contactPage, homePage, introPage, legalPage, pricingPageFile, sectionsPage } from './page-schemas'
import { eventsFileSchema, generalFileSchema, languageFileSchema, sectorFileSchema, templatesFileSchema } from '#src/server/generator/bank-schema'
import { siteFile } from './site-schema'

/** Which schema describes which files of content/. */
export interface ContentFileRule {
  /**
   * Files this rule describes, from the repository root: a folder of content/ and a name in which `*`
   * stands for any characters and `{a,b}` for either word. A file takes the first rule it matches; every
   * `.json` file of a folder named here needs one.
   */
  files: string
  schema: z.ZodType
  /** Its JSON Schema is content/schemas/<name>.schema.json, which the files name as their `$schema`. */
  name: string
  /** The page's text is the Markdown file of the same name (`terms.md` beside `terms.json`). */
  markdownBody?: boolean
  /**
   * The field whose value names a file in the /admin editor, as a dotted path (`label.fr`); `*` stands for
   * every entry of a list (`events.*.kind`: the kinds of its events, each named once). Without it, a page is
   * named by its path and title, another file by its schema's title.
   */
  entryLabel?: string
}

/** Every content file and its schema. */
export const CONTENT_FILES: readonly ContentFileRule[] = [
  { files: 'content/site.json', schema: siteFile, name: 'site' },
  { files: 'content/pages/home.json', schema: homePage, name: 'home-page' },
  { files: 'content/pages/application.json', schema: applicationPage, name: 'application-page' },
  { files: 'content/pages/pricing.json', schema: pricingPageFile, name: 'pricing-page' },
  { files: 'content/pages/contact.json', schema: contactPage, name: 'contact-page' },
  { files: 'content/pages/ai-request.json', schema: introPage, name: 'intro-page' },
  { files: 'content/pages/{terms,privacy,cookie-policy,legal-notice}.json', schema: legalPage, name: 'legal-page', markdownBody: true },
  { files: 'content/pages/*.json', schema: sectionsPage, name: 'sections-page' },
  { files: 'content/generator/sectors/*.json', schema: sectorFileSchema, name: 'generator-sector', entryLabel: 'label.fr' },
  { files: 'content/generator/events/*.json', schema: eventsFileSchema, name: 'generator-events', entryLabel: 'events.*.kind' },
  { files: 'content/generator/general.json', schema: generalFileSchema, name: 'generator-general' },
  { files: 'content/generator/templates.json', schema: templatesFileSchema, name: 'generator-templates' },
  { files: 'content/generator/language.json', schema: languageFileSchema, name: 'generator-language' },
]

/** `content/pages/{a,b}.json` → a regular expression over repository paths. */
function filePattern(files: string): RegExp {
  const source = files
    .split(/(\*|\{[^}]*\})/)
    .map((part) => {
      if (part === '*') return '[^/]*'
      if (part.startsWith('{')) return `(?:${part.slice(1, -1).split(',').map(escapeRegExp).join('|')})`
      return escapeRegExp(part)
    })
    .join('')
  return new RegExp(`^${source}$`)
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** The rule that describes `file` (a repository path), if any. */
export function ruleFor(file: string, rules: readonly ContentFileRule[] = CONTENT_FILES): ContentFileRule | undefined {
  return rules.find((rule) => filePattern(rule.files).test(file))
}

/** The `$schema` a content file names: its JSON Schema, relative to the file. */
export function schemaReferenceFor(file: string, rule: ContentFileRule): string {
  const relative = path.posix.relative(path.posix.dirname(file), `content/schemas/${rule.name}.schema.json`)
  return relative.startsWith('.') ? relative : `./${relative}`
}
