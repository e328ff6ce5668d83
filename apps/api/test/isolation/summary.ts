import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { COUNTS_DIR_ENV } from './counts.js';

/**
 * Vitest global setup of the api project: the matrix files run in parallel workers, each writes
 * its counts into one directory, and the total is printed once all have finished.
 */
export default function setup() {
  const dir = mkdtempSync(path.join(tmpdir(), 'vahti-matrix-'));
  process.env[COUNTS_DIR_ENV] = dir;
  return () => {
    const parts = readdirSync(dir).map(
      (file) =>
        JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { routes: number; calls: number },
    );
    if (parts.length > 0) {
      const routes = parts.reduce((sum, part) => sum + part.routes, 0);
      const calls = parts.reduce((sum, part) => sum + part.calls, 0);
      console.info(
        `isolation matrix: ${routes} routes, ${calls} calls checked (${parts.length} files)`,
      );
    }
    rmSync(dir, { recursive: true, force: true });
  };
}
