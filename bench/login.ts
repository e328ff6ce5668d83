/**
 * Sign-in cost: the argon2id verification alone (the baseline: the floor any sign-in pays) beside
 * a full POST /api/login over real HTTP on the embedded database, and an unknown e-mail (which
 * must cost the same, so it reveals nothing). Run: npm run bench -- login
 */
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config/index.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { DEMO_PASSWORD, seedDemoData } from '../apps/api/src/db/seed.js';
import { hashPassword, verifyPassword } from '../apps/api/src/lib/passwords.js';
import { percentile, printTable, time } from './stats.js';

const hash = await hashPassword(DEMO_PASSWORD);
const verify = await time(() => verifyPassword(hash, DEMO_PASSWORD));

const config = loadConfig({
  DATA_DIR: '/tmp/vahti-bench',
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'b'.repeat(32),
});
const database = await openDatabase({ dataDir: null });
await seedDemoData(database.db);
const { app } = await buildApp({ config, database, logger: false });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

const post = (email: () => string) => () =>
  fetch(`${address}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userEmail: email(), userPassword: DEMO_PASSWORD }),
  }).then((res) => res.arrayBuffer());
const login = await time(post(() => 'kayttaja@demo.vahti.fi'));
// A new unknown address each round: one address fails 10 times and is then refused with 429
// before any password work, which would measure the rate limit instead.
let round = 0;
const unknown = await time(
  post(() => {
    round += 1;
    return `ei-ole-${round}@demo.vahti.fi`;
  }),
);
await app.close();
await database.close();

const base = percentile(verify, 50);
printTable('sign-in (ms)', [
  { name: 'argon2id verify (baseline)', samples: verify, ratio: 1 },
  { name: 'POST /api/login, known user', samples: login, ratio: percentile(login, 50) / base },
  {
    name: 'POST /api/login, unknown e-mail',
    samples: unknown,
    ratio: percentile(unknown, 50) / base,
  },
]);
