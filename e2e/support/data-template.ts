import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLUSTER_MODE, DATA_TEMPLATE_ENV, startOneServer } from './server.js';

/**
 * Vitest global setup of the e2e suite: the server starts once on an empty data directory,
 * migrates and loads the demo data, and stops; every test file's server then starts on a copy of
 * that directory. Made anew each run, since the demo's alarms and discussions are dated from now.
 * The cluster (PostgreSQL) makes its own database per file.
 */
export default async function setup() {
  if (CLUSTER_MODE) return;
  const dir = mkdtempSync(path.join(tmpdir(), 'vahti-e2e-template-'));
  const server = await startOneServer({}, { dataDir: dir, keep: true });
  await server.stop();
  process.env[DATA_TEMPLATE_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
