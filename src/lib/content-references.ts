import type { PagePayload } from './payload'
import type { CaseStudy, GameType, PageSection, ProofSection } from '#src/sections/page-sections/section-types'

/** A proof section as written in content/: the cases it quotes, by id, and which of their figures to show. */
interface ProofReferences extends Omit<ProofSection, 'items'> {
  cases: { case: string; figure: number }[]
}

/** A games section that shows the list another page writes (`itemsFrom`: that page's path). */
interface GamesReference {
  type: 'games'
  itemsFrom?: string
  items?: GameType[]
}

function sectionsOf(payload: PagePayload): PageSection[] {
  const sections = (payload.page as { sections?: unknown }).sections
  return Array.isArray(sections) ? (sections as PageSection[]) : []
}

/**
 * Pages quote facts written once elsewhere: a proof section names cases of /cas-clients (or of any
 * cases section) by id, a games section may take the catalogue another page writes. The build resolves
 * both into the payloads, so each case's figures and each game's copy have one source, and a dangling
 * name stops the build.
 */
export function resolveContentReferences(payloads: Map<string, PagePayload>): void {
  const cases = new Map<string, CaseStudy>()
  for (const payload of payloads.values()) {
    for (const section of sectionsOf(payload)) {
      if (section.type !== 'cases') continue
      for (const item of section.items) {
        if (!item.id) continue
        if (cases.has(item.id)) throw new Error(`${payload.path}: a second case is named "${item.id}"`)
        cases.set(item.id, item)
      }
    }
  }

  for (const payload of payloads.values()) {
    const sections = sectionsOf(payload)
    sections.forEach((section, index) => {
      if (section.type === 'proof') sections[index] = resolveProof(payload.path, section as unknown as ProofReferences, cases)
      if (section.type === 'games') resolveGames(payload.path, section as GamesReference, payloads)
    })
  }
}

function resolveProof(path: string, { cases: references, ...section }: ProofReferences, cases: Map<string, CaseStudy>): ProofSection {
  const items = references.map((reference) => {
    const found = cases.get(reference.case)
    if (!found) throw new Error(`${path}: the proof names an unknown case "${reference.case}"`)
    const figure = found.figures[reference.figure]
    if (!figure) throw new Error(`${path}: the case "${reference.case}" has no figure ${reference.figure}`)
    if (!found.quote) throw new Error(`${path}: the case "${reference.case}" has no quote to show`)
    return { id: reference.case, client: found.client, sector: found.sector, figure, quote: found.quote }
  })
  return { ...section, items }
}

function resolveGames(path: string, section: GamesReference, payloads: Map<string, PagePayload>): void {
  if (section.itemsFrom === undefined) return
  const source = payloads.get(section.itemsFrom)
  const items = source && sectionsOf(source).find((candidate): candidate is Extract<PageSection, { type: 'games' }> => candidate.type === 'games' && Array.isArray(candidate.items))?.items
  if (!items) throw new Error(`${path}: no game list to take from "${section.itemsFrom}"`)
  section.items = items
  delete section.itemsFrom
}
