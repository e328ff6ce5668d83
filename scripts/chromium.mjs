// Finds a Chromium for the end-to-end tests: CHROME_PATH, then the usual system paths. When none
// is found and we run as root with apt-get, installs Debian's chromium package, saying so.
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

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  if (process.getuid?.() === 0 && hasAptGet()) {
    console.log(
      "No Chromium found: installing Debian's chromium package (apt-get update && apt-get install chromium)…",
    );
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-q'], { stdio: 'inherit', env });
    execFileSync(
      'apt-get',
      ['install', '-y', '-q', '--no-install-recommends', 'chromium', 'fonts-dejavu-core'],
      {
        stdio: 'inherit',
        env,
      },
    );
    const installed = findChromium();
    if (installed) return installed;
  }
  throw new Error(
    'No Chromium found for the end-to-end tests. Install one (Debian/Ubuntu: sudo apt-get install chromium) or set CHROME_PATH to a Chromium or Chrome executable.',
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(ensureChromium());
}
