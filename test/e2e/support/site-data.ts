import { readFileSync } from 'node:fs'
import path from 'node:path'
import { distDir } from './browser'

interface BuildManifest {
  id: string
  prerendered: string[]
}

export interface BuiltPage {
  path: string
  title: string
  description: string
}

/** The pages the build wrote, read back from its own manifest and payloads. */
export function builtPages(): BuiltPage[] {
  const dist = distDir()
  const latest = JSON.parse(readFileSync(path.join(dist, '_app/builds/latest.json'), 'utf8')) as { id: string }
  const manifest = JSON.parse(readFileSync(path.join(dist, `_app/builds/meta/${latest.id}.json`), 'utf8')) as BuildManifest
  return manifest.prerendered.map((route) => {
    const payload = JSON.parse(readFileSync(path.join(dist, route, '_payload.json'), 'utf8')) as { meta: { title: string; description: string } }
    return { path: route, title: payload.meta.title, description: payload.meta.description }
  })
}
