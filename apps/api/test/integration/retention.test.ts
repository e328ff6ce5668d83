import { randomBytes } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMeasurementPartitions, partitionName } from '../../src/db/partitions.js';
import {
  auditLog,
  measurementDaily,
  measurementData,
  measurementHourly,
  organizations,
  rejectedUplinks,
} from '../../src/db/schema/index.js';
import { withTransactions } from '../../src/db/transactions.js';
import { createAuditRepository } from '../../src/modules/audit/audit.repository.js';
import { createAuditService } from '../../src/modules/audit/audit.service.js';
import { createRetentionRepository } from '../../src/modules/retention/retention.repository.js';
import { createRetentionService } from '../../src/modules/retention/retention.service.js';
import { type Actors, startApiTest } from '../helpers/actors.js';
import { DRIVER, type TestContext } from '../helpers/app.js';
import type { Fixtures } from '../helpers/fixtures.js';
import { createLayoutDevice } from '../helpers/ingest-fixtures.js';

let ctx: TestContext;
let fx: Fixtures;
let as: Actors;
let deviceA: Awaited<ReturnType<typeof createLayoutDevice>>;
let deviceB: Awaited<ReturnType<typeof createLayoutDevice>>;

const db = () => ctx.database.db;

/** 26.11.2026 noon in Finland: 12 months back is the Finnish day 26.11.2025, 22:00 UTC before. */
const NOW = new Date('2026-11-26T10:00:00Z');
const CUTOFF = '2025-11-25T22:00:00.000Z';
/** Reading times on both sides of the 12-month cutoff, and far in the past. */
const TIMES = [
  '2024-03-01T08:00:00.000Z',
  '2025-11-25T21:59:00.000Z',
  CUTOFF,
  '2026-11-01T12:00:00.000Z',
];

async function ingest(org: 'A' | 'B', eui: string, measurementId: string) {
  const res = await as('Ylläpitäjä', org).post('/api/ingest-keys', { name: `Säilytys ${org}` });
  const key = as.withToken(res.json().key as string);
  const stored = await key.post(
    '/api/ingest/generic',
    TIMES.map((time, i) => ({ deviceEui: eui, time, fCnt: i, values: { [measurementId]: i } })),
  );
  expect(stored.json()).toEqual({ stored: TIMES.length, duplicates: 0 });
  // A rejected uplink (unknown device); its arrival time set back for the test.
  await key.post('/api/ingest/generic', {
    deviceEui: 'FFFFFFFFFFFFFFFF',
    time: TIMES[3],
    values: {},
  });
}

const organizationOf = async (organizationId: string) =>
  (await as('Pääylläpitäjä').get('/api/organizations'))
    .json()
    .organizations.find(
      (o: { organizationId: string }) => o.organizationId === organizationId,
    ) as Record<string, unknown>;

/** PATCH /api/organization with the organization's own fields and `change`. */
async function patchOrganization(organizationId: string, change: Record<string, unknown>) {
  const {
    OrganizationApplications: _,
    createdAt: _c,
    updatedAt: _u,
    organizationRetentionMonths: _r,
    ...fields
  } = await organizationOf(organizationId);
  return as('Pääylläpitäjä').patch('/api/organization', { ...fields, ...change });
}

const readingTimes = async (deviceId: string) =>
  (
    await db()
      .select({ at: measurementData.createdAt })
      .from(measurementData)
      .where(eq(measurementData.deviceId, deviceId))
      .orderBy(measurementData.createdAt)
  ).map((row) => row.at.toISOString());

const hours = async (deviceId: string) =>
  (
    await db()
      .select({ at: measurementHourly.hour })
      .from(measurementHourly)
      .where(eq(measurementHourly.deviceId, deviceId))
      .orderBy(measurementHourly.hour)
  ).map((row) => row.at.toISOString());

const days = async (deviceId: string) =>
  (
    await db()
      .select({ day: measurementDaily.day })
      .from(measurementDaily)
      .where(eq(measurementDaily.deviceId, deviceId))
      .orderBy(measurementDaily.day)
  ).map((row) => row.day);

const rejectedOf = async (organizationId: string) =>
  (
    await db()
      .select({ n: count() })
      .from(rejectedUplinks)
      .where(eq(rejectedUplinks.organizationId, organizationId))
  )[0]?.n ?? 0;

beforeAll(async () => {
  ({ ctx, fx, as } = await startApiTest());
  deviceA = await createLayoutDevice(db(), fx.orgA.id, fx.orgA.target.id);
  deviceB = await createLayoutDevice(db(), fx.orgB.id, fx.orgB.target.id);
  await ingest('A', deviceA.eui, deviceA.m.temp.id);
  await ingest('B', deviceB.eui, deviceB.m.temp.id);
  await db()
    .update(rejectedUplinks)
    .set({ receivedAt: new Date(TIMES[0] as string) });
  await db()
    .insert(rejectedUplinks)
    .values(
      [fx.orgA.id, fx.orgB.id].map((organizationId) => ({
        organizationId,
        source: 'generic',
        reason: 'unknownDevice',
        body: '{}',
        bodyBytes: 2,
        receivedAt: new Date(TIMES[3] as string),
      })),
    );
});
afterAll(() => ctx.close());

describe(`the organization's retention setting (${DRIVER})`, () => {
  it('is null (keep for good) unless set; the top administrator sets and clears it', async () => {
    expect(await organizationOf(fx.orgA.id)).toMatchObject({ organizationRetentionMonths: null });
    const set = await patchOrganization(fx.orgA.id, { organizationRetentionMonths: 24 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().organization.organizationRetentionMonths).toBe(24);
    // Left out, it stays as it is (clients of spec 000's form do not know it).
    const kept = await patchOrganization(fx.orgA.id, {});
    expect(kept.json().organization.organizationRetentionMonths).toBe(24);
    const cleared = await patchOrganization(fx.orgA.id, { organizationRetentionMonths: null });
    expect(cleared.json().organization.organizationRetentionMonths).toBeNull();
    const [entry] = await db()
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, fx.orgA.id), eq(auditLog.action, 'organization.update')))
      .orderBy(sql`${auditLog.at} desc`)
      .limit(1);
    expect(entry?.details).toEqual({ organizationRetentionMonths: null });
  });

  it('is set when an organization is created', async () => {
    const res = await as('Pääylläpitäjä').post('/api/organization', {
      organizationBusinessId: '2345678-9',
      organizationContractNumber: 'SOP-2026-200',
      organizationName: `Säilyttäjä ${randomBytes(3).toString('hex')} Oy`,
      organizationAddress: 'Aleksanterinkatu 1',
      organizationZipCode: '00100',
      organizationPostalDistrict: 'Helsinki',
      organizationArea: 'Uusimaa',
      organizationState: 'Aktiivinen',
      organizationApplications: [2],
      organizationRetentionMonths: 36,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().organization.organizationRetentionMonths).toBe(36);
  });

  it.each([0, 601, 1.5, -3, '12'])('answers 400 naming the field for %j', async (months) => {
    const res = await patchOrganization(fx.orgA.id, { organizationRetentionMonths: months });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: {
        organizationRetentionMonths:
          'Säilytysajan pitää olla kokonainen määrä kuukausia 1–600, tai tyhjä',
      },
    });
  });

  it('is the top administrator’s: others get 403, another organization’s missing id 404', async () => {
    const {
      OrganizationApplications: _,
      createdAt: _c,
      updatedAt: _u,
      ...fields
    } = await organizationOf(fx.orgB.id);
    const body = { ...fields, organizationRetentionMonths: 1 };
    expect((await as('Ylläpitäjä', 'A').patch('/api/organization', body)).statusCode).toBe(403);
    expect((await as('Ylläpitäjä', 'B').patch('/api/organization', body)).statusCode).toBe(403);
    const missing = await patchOrganization(fx.orgA.id, {
      organizationId: fx.missing,
      organizationRetentionMonths: 1,
    });
    expect(missing.statusCode).toBe(404);
    const [row] = await db()
      .select({ months: organizations.organizationRetentionMonths })
      .from(organizations)
      .where(eq(organizations.organizationId, fx.orgB.id));
    expect(row?.months).toBeNull();
  });
});

describe(`the daily retention purge (${DRIVER})`, () => {
  it('keeps everything of organizations without a retention', async () => {
    const purged = await ctx.services.retention.purgeExpired(NOW);
    const ids = purged.map((p) => p.organizationId);
    expect(ids).not.toContain(fx.orgA.id);
    expect(ids).not.toContain(fx.orgB.id);
    expect(await readingTimes(deviceA.deviceId)).toEqual(TIMES);
    expect(await readingTimes(deviceB.deviceId)).toEqual(TIMES);
  });

  it('deletes, in batches, readings, rollups and rejected uplinks older than the retention; others stay', async () => {
    await db()
      .update(organizations)
      .set({ organizationRetentionMonths: 12 })
      .where(eq(organizations.organizationId, fx.orgA.id));
    const hoursBefore = await hours(deviceA.deviceId);
    expect(hoursBefore).toContain('2025-11-25T21:00:00.000Z');
    expect(await days(deviceA.deviceId)).toContain('2025-11-25');

    // One row a statement: every delete is bounded by the batch.
    const handle = withTransactions(db());
    const repository = createRetentionRepository(handle);
    const sizes: number[] = [];
    const counted = {
      ...repository,
      async deleteReadings(...args: Parameters<typeof repository.deleteReadings>) {
        const n = await repository.deleteReadings(...args);
        sizes.push(n);
        return n;
      },
    };
    const service = createRetentionService({
      db: handle,
      retention: counted,
      partitions: createMeasurementPartitions(handle),
      audit: createAuditService({ auditLog: createAuditRepository(handle) }),
      batch: 1,
    });
    const purged = await service.purgeExpired(NOW);
    expect(purged.filter((p) => p.organizationId === fx.orgA.id)).toEqual([
      {
        organizationId: fx.orgA.id,
        cutoff: CUTOFF,
        readings: 2,
        hourly: 2,
        daily: 2,
        rejected: 1,
      },
    ]);
    expect(Math.max(...sizes)).toBe(1);

    expect(await readingTimes(deviceA.deviceId)).toEqual(TIMES.slice(2));
    expect(await hours(deviceA.deviceId)).toEqual(
      hoursBefore.filter((hour) => hour >= '2025-11-25T22:00:00.000Z'),
    );
    expect(await days(deviceA.deviceId)).toEqual(['2025-11-26', '2026-11-01']);
    expect(await rejectedOf(fx.orgA.id)).toBe(1);
    // Organization B (no retention) is untouched.
    expect(await readingTimes(deviceB.deviceId)).toEqual(TIMES);
    expect(await days(deviceB.deviceId)).toHaveLength(4);
    expect(await rejectedOf(fx.orgB.id)).toBe(2);

    const [entry] = await db()
      .select({ actorId: auditLog.actorId, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, fx.orgA.id), eq(auditLog.action, 'organization.retention')));
    expect(entry).toMatchObject({
      actorId: null,
      details: { retentionMonths: 12, readings: 2, hourly: 2, daily: 2, rejected: 1 },
    });

    // Run again: nothing more is old enough.
    const again = await ctx.services.retention.purgeExpired(NOW);
    expect(again.find((p) => p.organizationId === fx.orgA.id)).toMatchObject({
      readings: 0,
      hourly: 0,
      daily: 0,
      rejected: 0,
    });
  });
});

describe(`whole expired months dropped with their partitions (${DRIVER})`, () => {
  const partitions = () => createMeasurementPartitions(withTransactions(db()));
  const serviceWith = (maxMonths: number | null) => {
    const handle = withTransactions(db());
    return createRetentionService({
      db: handle,
      retention: createRetentionRepository(handle),
      partitions: createMeasurementPartitions(handle),
      audit: createAuditService({ auditLog: createAuditRepository(handle) }),
      maxMonths,
    });
  };
  const setRetention = (organizationId: string, months: number | null) =>
    db()
      .update(organizations)
      .set({ organizationRetentionMonths: months })
      .where(eq(organizations.organizationId, organizationId));

  it('keeps a month an organization still keeps readings of', async () => {
    // A's March 2024 reading is gone (12 months), B (no retention) still has one there.
    expect(await ctx.services.retention.dropExpiredMonths(NOW)).toEqual([]);
    expect(await partitions().stored()).toContain('2024-03');
    expect(await readingTimes(deviceB.deviceId)).toContain(TIMES[0]);
  });

  it('drops a month past the cutoff of every organization with readings in it, and audits it', async () => {
    await setRetention(fx.orgB.id, 12);
    expect(await ctx.services.retention.dropExpiredMonths(NOW)).toEqual(['2024-03']);
    expect(await partitions().stored()).not.toContain('2024-03');
    expect(await readingTimes(deviceB.deviceId)).toEqual(TIMES.slice(1));
    const [entry] = await db()
      .select({ actorId: auditLog.actorId, details: auditLog.details })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'measurements.month.dropped'),
          eq(auditLog.entityId, partitionName('2024-03')),
        ),
      );
    expect(entry).toMatchObject({ actorId: null, details: { month: '2024-03', putBack: 0 } });
    // The row deletes do the rest: B's reading before the cutoff and its rollups, the dropped
    // month's too.
    const purged = await ctx.services.retention.purgeExpired(NOW);
    expect(purged.find((p) => p.organizationId === fx.orgB.id)).toMatchObject({ readings: 1 });
    expect(await readingTimes(deviceB.deviceId)).toEqual(TIMES.slice(2));
    expect(await days(deviceB.deviceId)).toEqual(['2025-11-26', '2026-11-01']);
  });

  it('puts back a reading of an organization that keeps it, arrived before the detach', async () => {
    const key = await as('Ylläpitäjä', 'A').post('/api/ingest-keys', { name: 'Myöhässä' });
    const late = { deviceEui: deviceA.eui, time: '2023-05-04T10:00:00.000Z', fCnt: 90 };
    const stored = await as
      .withToken(key.json().key as string)
      .post('/api/ingest/generic', { ...late, values: { [deviceA.m.temp.id]: 5 } });
    expect(stored.json()).toEqual({ stored: 1, duplicates: 0 });
    expect(await partitions().drop('2023-05', [fx.orgA.id])).toBe(1);
    expect(await readingTimes(deviceA.deviceId)).toContain(late.time);
    expect(await partitions().drop('2023-05')).toBe(0);
    expect(await readingTimes(deviceA.deviceId)).not.toContain(late.time);
    expect(await partitions().stored()).not.toContain('2023-05');
  });

  it('finishes a drop interrupted after the detach, keeping what must be kept', async () => {
    const key = await as('Ylläpitäjä', 'A').post('/api/ingest-keys', { name: 'Keskeytys' });
    const late = { deviceEui: deviceA.eui, time: '2023-06-04T10:00:00.000Z', fCnt: 92 };
    const client = as.withToken(key.json().key as string);
    const body = { ...late, values: { [deviceA.m.temp.id]: 6 } };
    expect((await client.post('/api/ingest/generic', body)).json()).toEqual({
      stored: 1,
      duplicates: 0,
    });
    await db().execute(
      sql`alter table measurement_data detach partition ${sql.identifier(partitionName('2023-06'))}`,
    );
    expect(await readingTimes(deviceA.deviceId)).not.toContain(late.time);
    expect(await partitions().stored()).toContain('2023-06');
    expect(await partitions().drop('2023-06', [fx.orgA.id])).toBe(1);
    expect(await readingTimes(deviceA.deviceId)).toContain(late.time);
    // A replay of it is a duplicate: the key came back with the reading.
    expect((await client.post('/api/ingest/generic', body)).json()).toEqual({
      stored: 0,
      duplicates: 1,
    });
  });

  it('with a platform-wide longest retention, drops whole months of every organization', async () => {
    await setRetention(fx.orgA.id, null);
    await setRetention(fx.orgB.id, null);
    // One month for all: the cutoff is 26.10.2026, so June 2023 (A's late reading) and
    // November 2025 go as a whole.
    expect(await serviceWith(1).dropExpiredMonths(NOW)).toEqual(['2023-06', '2025-11']);
    expect(await readingTimes(deviceA.deviceId)).toEqual([TIMES[3]]);
    expect(await readingTimes(deviceB.deviceId)).toEqual([TIMES[3]]);
    // Without it, organizations without a retention of their own keep everything.
    expect(await serviceWith(null).dropExpiredMonths(NOW)).toEqual([]);
  });

  it('stores a late uplink into a dropped month again, on the instance that had it', async () => {
    // The app's own ingest wrote into November 2025 before; another "instance" dropped it.
    const key = await as('Ylläpitäjä', 'B').post('/api/ingest-keys', { name: 'Uudelleen' });
    const stored = await as.withToken(key.json().key as string).post('/api/ingest/generic', {
      deviceEui: deviceB.eui,
      time: '2025-11-10T08:00:00.000Z',
      fCnt: 91,
      values: { [deviceB.m.temp.id]: 7 },
    });
    expect(stored.json()).toEqual({ stored: 1, duplicates: 0 });
    expect(await readingTimes(deviceB.deviceId)).toEqual(['2025-11-10T08:00:00.000Z', TIMES[3]]);
  });
});
