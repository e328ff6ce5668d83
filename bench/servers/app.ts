// The real app as `npm start` runs it (production logger at LOG_LEVEL, default info, written to
// the parent's choice of stdout) on a fresh database with the demo data, for the HTTP benchmark.
import { buildApp } from '../../apps/api/src/app.js';
import { loadConfig } from '../../apps/api/src/config/index.js';
import { openBenchDatabase } from '../lib/database.js';
import { serveForBench } from './serve.js';

const database = await openBenchDatabase();
const config = loadConfig({
  DATA_DIR: '/tmp/vahti-bench-http',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  JWT_SECRET: 'b'.repeat(32),
  ...(process.env.WEB_DIR && { WEB_DIR: process.env.WEB_DIR }),
});
const { app } = await buildApp({ config, database });
await serveForBench(app, () => database.close());
