/**
 * The admin lists at the size of a large organization: 2,000 users, 100 targets, each user linked
 * to 1–3 targets. Baseline: reading the same user rows with one plain SQL query on the same
 * database (what any list must pay); beside it the full GET /api/users (rows + their targets +
 * organization, validated and serialised) over real HTTP, GET /api/targets and the dashboard's
 * GET /api/user-role-counts. Runs on PGlite, or on PostgreSQL with BENCH_DATABASE_URL.
 * Run: npm run bench -- admin-lists
 */
import { eq, sql } from 'drizzle-orm';
import { users, userTargets } from '../apps/api/src/db/schema/index.js';
import { serveApp } from './lib/app.js';
import { openBenchDatabase } from './lib/database.js';
import { addTarget, demoOrganization } from './lib/fixture.js';
import { percentile, printTable, time } from './stats.js';

const USERS = Number(process.env.USERS ?? 2000);
const TARGETS = Number(process.env.TARGETS ?? 100);

const database = await openBenchDatabase();
const { db } = database;
const orgId = await demoOrganization(db);

const targetIds: string[] = [];
for (let i = 0; i < TARGETS; i++) targetIds.push(await addTarget(db, orgId, `Bench-kohde ${i}`, i));
for (let start = 0; start < USERS; start += 500) {
  const batch = Array.from({ length: Math.min(500, USERS - start) }, (_, k) => {
    const i = start + k;
    return {
      organizationId: orgId,
      userEmail: `bench-${i}@demo.vahti.fi`,
      passwordHash: 'x',
      userFirstName: `Etu${i}`,
      userLastName: `Suku${i}`,
      userPhoneNumber: '040 000 0000',
      userJobTitle: 'Asukas',
      userRoles: (['Käyttäjä', 'Käyttäjä', 'Käyttäjä', 'Pääkäyttäjä'] as const)[i % 4],
      userPermissions: [1],
    };
  });
  const rows = await db.insert(users).values(batch).returning({ id: users.userId });
  const links = rows.flatMap((row, k) =>
    Array.from({ length: 1 + ((start + k) % 3) }, (_, j) => ({
      userId: row.id,
      targetId: targetIds[(start + k + j * 7) % targetIds.length] as string,
    })),
  );
  await db.insert(userTargets).values(links).onConflictDoNothing();
}
await db.execute(sql`analyze`);

const served = await serveApp(database);
const { app } = served;
const get = (path: string) => () => served.get(path);

const baseline = await time(() => db.select().from(users).where(eq(users.organizationId, orgId)));
const usersList = await time(get('/api/users'));
const targetsList = await time(get('/api/targets'));
const counts = await time(get('/api/user-role-counts'));
const body = await get('/api/users')();
await app.close();
await database.close();

const base = percentile(baseline, 50);
printTable(`admin lists, ${USERS} users × ${TARGETS} targets on ${database.kind} (ms)`, [
  { name: 'SELECT users of the org (baseline)', samples: baseline, ratio: 1 },
  { name: 'GET /api/users', samples: usersList, ratio: percentile(usersList, 50) / base },
  { name: 'GET /api/targets', samples: targetsList, ratio: percentile(targetsList, 50) / base },
  { name: 'GET /api/user-role-counts', samples: counts, ratio: percentile(counts, 50) / base },
]);
console.log(`GET /api/users body: ${(body.byteLength / 1024).toFixed(0)} KiB`);
