import type { z } from 'zod'
import type { gamesSection, pageSection, proofSection } from '#src/content-schema/section-schemas'
import type { CaseStudy, GamesSection, PageSection, ProofSection } from '#src/sections/page-sections/section-types'
import type { PagePayload } from './payload'

/** A section as written in content/, before the build resolves what it names. */
type WrittenSection = z.output<typeof pageSection>

function sectionsOf(payload: PagePayload): WrittenSection[] {
  const sections = (payload.page as { sections?: unknown }).sections
  return Array.isArray(sections) ? sections : []
}

/**
 * Pages quote facts written once elsewhere: a proof section names cases of /cas-clients (or of any
 * cases section) by id, a games section may take the catalogue another page writes. The build resolves
 * both into the payloads, so each case's figures and each game's copy have one source. The content
 * check (src/content-schema/check-references.ts) has made sure every name leads somewhere.
 */
export function resolveContentReferences(payloads: Map<string, PagePayload>): void {
  const cases = new Map<string, CaseStudy>()
  for (const payload of payloads.values()) {
    for (const section of sectionsOf(payload)) {
      if (section.type !== 'cases') continue
      for (const item of section.items) if (item.id) cases.set(item.id, item)
    }
  }

  for (const payload of payloads.values()) {
    const sections: (WrittenSection | PageSection)[] = sectionsOf(payload)
    sections.forEach((section, index) => {
      if (section.type === 'proof' && 'cases' in section) sections[index] = resolveProof(section, cases)
      if (section.type === 'games' && 'itemsFrom' in section && section.itemsFrom !== undefined) sections[index] = resolveGames(section, payloads)
    })
  }
}

function resolveProof({ cases: references, ...section }: z.output<typeof proofSection>, cases: Map<string, CaseStudy>): ProofSection {
  const items = references.map((reference) => {
    const found = cases.get(reference.case)!
    return { id: reference.case, client: found.client, sector: found.sector, figure: found.figures[reference.figure]!, quote: found.quote! }
  })
  return { ...section, items }
}

function resolveGames({ itemsFrom, ...section }: z.output<typeof gamesSection>, payloads: Map<string, PagePayload>): GamesSection {
  const source = sectionsOf(payloads.get(itemsFrom!)!).find((candidate) => candidate.type === 'games' && candidate.items !== undefined)
  return { ...section, items: (source as GamesSection).items }
}
