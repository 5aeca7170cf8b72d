// npm run check:content: checks every file of content/ against its schema and what it names elsewhere
// (cases, game lists, pictures, links, routes), and prints every mistake at once.
import { checkSiteContent } from '../esbuild.config.mjs'

const started = performance.now()
const { problems, files } = await checkSiteContent()
const elapsed = `${files} fichiers vérifiés en ${Math.round(performance.now() - started)} ms`
if (problems.length) {
  console.error(`${problems.join('\n')}\n\n${problems.length === 1 ? 'Une erreur' : `${problems.length} erreurs`} dans content/ (${elapsed})`)
  process.exitCode = 1
} else {
  console.log(`content/ est valide (${elapsed})`)
}
