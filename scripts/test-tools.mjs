// The system tools the tests need: a Chromium for the end-to-end tests (CHROME_PATH, then the
// usual system paths) and poppler for the PDF report's test. When one is missing and we run as
// root with apt-get, installs Debian's package, saying so.
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome-stable',
  '/usr/bin/google-chrome',
  '/snap/bin/chromium',
];

const executable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

const hasAptGet = () =>
  spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;

export function findChromium() {
  if (process.env.CHROME_PATH) {
    if (executable(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
    throw new Error(`CHROME_PATH=${process.env.CHROME_PATH} is not an executable file.`);
  }
  return CANDIDATES.find(executable);
}

/** Installs Debian packages when we run as root with apt-get (a fresh CI machine), saying so. */
function aptInstall(packages, why) {
  if (process.getuid?.() !== 0 || !hasAptGet()) return false;
  console.log(`${why}: installing Debian's ${packages.join(', ')} (apt-get install)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-q'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-q', '--no-install-recommends', ...packages], {
    stdio: 'inherit',
    env,
  });
  return true;
}

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  if (aptInstall(['chromium', 'fonts-dejavu-core'], 'No Chromium found')) {
    const installed = findChromium();
    if (installed) return installed;
  }
  throw new Error(
    'No Chromium found for the end-to-end tests. Install one (Debian/Ubuntu: sudo apt-get install chromium) or set CHROME_PATH to a Chromium or Chrome executable.',
  );
}

const onPath = (command) =>
  spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

/**
 * poppler's pdfinfo, pdftoppm and pdftotext: the PDF report's test reads the report as a reader
 * sees it (pages rendered to PNG, the text). Installed like Chromium when missing.
 */
export function ensurePoppler() {
  if (onPath('pdftoppm') && onPath('pdftotext') && onPath('pdfinfo')) return;
  if (aptInstall(['poppler-utils'], 'No pdftoppm found') && onPath('pdftoppm')) return;
  throw new Error(
    "No poppler tools (pdftoppm, pdftotext, pdfinfo) for the PDF report's test. Install them (Debian/Ubuntu: sudo apt-get install poppler-utils).",
  );
}

/**
 * HAProxy, the load balancer of `npm run cluster` and of the end-to-end tests in cluster mode
 * (ADR 0030). Installed like Chromium when missing.
 */
export function ensureHaproxy() {
  const found = ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy'].find(
    executable,
  );
  if (found) return found;
  if (aptInstall(['haproxy'], 'No HAProxy found') && executable('/usr/sbin/haproxy'))
    return '/usr/sbin/haproxy';
  throw new Error(
    'No HAProxy found for the two-instance cluster. Install it (Debian/Ubuntu: sudo apt-get install haproxy).',
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(ensureChromium());
}
