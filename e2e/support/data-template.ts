import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildServerIfNeeded } from '../../scripts/build-server.mjs';
import { dropDatabase, ensureDatabase } from '../../scripts/cluster.mjs';
import {
  CLUSTER_MODE,
  closeServerHost,
  DATA_TEMPLATE_ENV,
  DATABASE_TEMPLATE_ENV,
  startOneServer,
} from './server.js';

/**
 * Vitest global setup of the e2e suite: the server starts once on an empty data directory (and,
 * with TEST_DATABASE_URL, an empty PostgreSQL database), migrates and loads the demo data, and
 * stops; every test file's server then starts on a copy of that directory (and database). Made
 * anew each run, since the demo's alarms and discussions are dated from now. The cluster makes
 * its own database per file.
 */
export default async function setup() {
  // The servers run what `npm start` runs: the built server (the cluster builds it itself).
  if (CLUSTER_MODE) return;
  await buildServerIfNeeded();
  const dir = mkdtempSync(path.join(tmpdir(), 'vahti-e2e-template-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  const name = `vahti_e2e_${randomBytes(4).toString('hex')}`;
  const databaseUrl = adminUrl ? await ensureDatabase(adminUrl, name) : undefined;
  try {
    const server = await startOneServer({}, { dataDir: dir, keep: true, databaseUrl });
    await server.stop();
  } catch (err) {
    if (adminUrl) await dropDatabase(adminUrl, name);
    throw err;
  } finally {
    await closeServerHost();
  }
  process.env[DATA_TEMPLATE_ENV] = dir;
  if (adminUrl) process.env[DATABASE_TEMPLATE_ENV] = name;
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (adminUrl) await dropDatabase(adminUrl, name);
  };
}
