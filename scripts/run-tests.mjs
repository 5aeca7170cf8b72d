// npm test: the type check (tsc --noEmit) and the test suite (vitest run, with any arguments given) side by
// side. TypeScript 7's tsc (native, several threads) checks the project in about ten seconds; run before the
// suite it would hold the suite back that long.
// Its diagnostics are printed once the suite is done, so they do not tear through vitest's report. Exits
// non-zero when either fails; a signal to this process stops both.
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import path from 'node:path'

const require = createRequire(import.meta.url)
/** A package's command-line script, from its package.json `bin` (vitest exports no path to it). */
const binOf = (pkg, command) => path.join(path.dirname(require.resolve(`${pkg}/package.json`)), require(`${pkg}/package.json`).bin[command])
const children = new Set()

function run(script, args, { capture = false } = {}) {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', capture ? 'pipe' : 'inherit', capture ? 'pipe' : 'inherit'] })
  children.add(child)
  let output = ''
  if (capture) {
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      children.delete(child)
      resolve({ code: code ?? (signal ? 1 : 0), output })
    })
  })
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal)
    process.exit(1)
  })
}

const [typecheck, suite] = await Promise.all([
  run(binOf('typescript', 'tsc'), ['--noEmit'], { capture: true }),
  run(binOf('vitest', 'vitest'), ['run', ...process.argv.slice(2)]),
])
if (typecheck.code !== 0) process.stdout.write(`\ntsc --noEmit a trouvé des erreurs de types :\n${typecheck.output}`)
else console.log('\ntsc --noEmit : aucune erreur de types.')
process.exit(typecheck.code !== 0 || suite.code !== 0 ? 1 : 0)
