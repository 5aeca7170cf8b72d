// Installs what a fresh machine lacks before `npm start` / `npm test`: npm dependencies, and with --browser
// the three engines the browser tests drive, from Debian (never a browser download): Chromium (its headless
// shell for the tests, the full browser for the bench and the screenshots), Firefox ESR, and WebKitGTK's
// WebDriver with its MiniBrowser and the Xvfb display it runs on.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const run = (command) => execSync(command, { cwd: root, stdio: 'inherit' })

/** Debian package, the file the tests run from it, and the variable that points the tests elsewhere. */
const BROWSER_PACKAGES = [
  { name: 'chromium', file: '/usr/bin/chromium', override: 'CHROMIUM_PATH' },
  { name: 'chromium-headless-shell', file: '/usr/bin/chromium-headless-shell', override: 'CHROMIUM_PATH' },
  { name: 'firefox-esr', file: '/usr/bin/firefox-esr', override: 'FIREFOX_PATH' },
  { name: 'webkit2gtk-driver', file: '/usr/bin/WebKitWebDriver', override: 'WEBKIT_DRIVER_PATH' },
  { name: 'xvfb', file: '/usr/bin/Xvfb' },
]

if (!existsSync(path.join(root, 'node_modules/.package-lock.json'))) {
  console.log('Installation des dépendances npm (npm ci)…')
  run('npm ci --no-audit --no-fund')
}

if (process.argv.includes('--browser')) {
  const missing = BROWSER_PACKAGES.filter((pkg) => !(pkg.override && process.env[pkg.override]) && !existsSync(pkg.file))
  if (missing.length > 0) {
    const names = missing.map((pkg) => pkg.name).join(' ')
    if (!existsSync('/usr/bin/apt-get')) {
      const files = missing.map((pkg) => `${pkg.file}${pkg.override ? ` (ou ${pkg.override})` : ''}`).join(', ')
      console.error(`Introuvables : ${files}, et apt-get n'est pas disponible : installez les paquets ${names}.`)
      process.exit(1)
    }
    const sudo = process.getuid?.() === 0 ? '' : 'sudo '
    console.log(`Installation depuis Debian : ${names}…`)
    run(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${names}`)
  }
}
