// Installs what a fresh machine lacks before `npm start` / `npm test`: npm dependencies, and with
// --browser Debian's Chromium (never a browser download) when /usr/bin/chromium is missing.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const run = (command) => execSync(command, { cwd: root, stdio: 'inherit' })

if (!existsSync(path.join(root, 'node_modules/.package-lock.json'))) {
  console.log('Installation des dépendances npm (npm ci)…')
  run('npm ci --no-audit --no-fund')
}

if (process.argv.includes('--browser') && !process.env.CHROMIUM_PATH && !existsSync('/usr/bin/chromium')) {
  if (!existsSync('/usr/bin/apt-get')) {
    console.error("Chromium est introuvable (/usr/bin/chromium) et apt-get n'est pas disponible : installez Chromium ou indiquez CHROMIUM_PATH.")
    process.exit(1)
  }
  const sudo = process.getuid?.() === 0 ? '' : 'sudo '
  console.log('Installation de Chromium depuis Debian…')
  run(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`)
}
