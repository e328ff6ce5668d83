// The system tools the tests need: a Chromium for the end-to-end tests (CHROME_PATH, then the
// usual system paths) and poppler for the PDF report's test. When one is missing and we run as
// root with apt-get, installs Debian's package, saying so.
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

/**
 * Chromium's headless shell first: the same engine without the browser's own window, tabs and
 * WebUI, which took half of Chromium's CPU in the e2e suite (docs/performance.md); Playwright's
 * own headless mode is this shell too. It has no PDF viewer (a PDF opened in a tab arrives as
 * a download) and no permission prompt (getUserMedia answers NotSupportedError), so the camera
 * tests run in the full browser (`ensureChromium({ full: true })`, CHROME_FULL_PATH).
 */
const SHELLS = ['/usr/bin/chromium-headless-shell'];
const BROWSERS = [
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

export function findChromium({ full = false } = {}) {
  const variable = full ? 'CHROME_FULL_PATH' : 'CHROME_PATH';
  if (process.env[variable]) {
    if (executable(process.env[variable])) return process.env[variable];
    throw new Error(`${variable}=${process.env[variable]} is not an executable file.`);
  }
  return (full ? BROWSERS : [...SHELLS, ...BROWSERS]).find(executable);
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

/** A Chromium for the e2e tests: the headless shell, or with `full` the whole browser. */
export function ensureChromium({ full = false } = {}) {
  const found = findChromium({ full });
  if (found) return found;
  const name = full ? 'chromium' : 'chromium-headless-shell';
  if (aptInstall([name, 'fonts-dejavu-core'], `No ${name} found`)) {
    const installed = findChromium({ full });
    if (installed) return installed;
  }
  throw new Error(
    `No ${name} found for the end-to-end tests. Install it (Debian/Ubuntu: sudo apt-get install ${name}) or set ${full ? 'CHROME_FULL_PATH' : 'CHROME_PATH'} to a Chromium or Chrome executable.`,
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
