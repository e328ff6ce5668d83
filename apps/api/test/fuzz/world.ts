import { ROLES, type Role } from '@vahti/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import {
  devices,
  deviceTypes,
  ingestKeys,
  measurements,
  organizations,
  rateLimits,
  rejectedUplinks,
  reportScheduleRecipients,
  reportSchedules,
  targets,
  users,
  webhooks,
} from '../../src/db/schema/index.js';
import { DEMO_PASSWORD } from '../../src/db/seed.js';
import {
  ingestKeyHash,
  ingestKeyShown,
  newIngestKey,
} from '../../src/modules/ingest/ingest-keys.service.js';
import type { TestContext } from '../helpers/app.js';
import { createComment, createDiscussion } from '../helpers/discussions.js';
import { loadFixtures } from '../helpers/fixtures.js';
import type { IdPool } from './inputs.js';

// The fuzzing callers and what they may not break: anonymous, the four roles of organization A
// and organization B's Ylläpitäjä, each signed in again (restored first if need be) whenever a
// fuzzed call signed them out; and the log of written rows that shows whether a call touched
// another organization's rows.

export interface Caller {
  name: string;
  email?: string;
  /** The caller's organization; the top administrator crosses organizations by design. */
  organizationId?: string;
  top: boolean;
  token?: string;
  /** The organization's ingest key: the ingest webhooks take it instead of a session. */
  ingestKey?: string;
}

type UserRow = typeof users.$inferSelect;
type OrganizationRow = typeof organizations.$inferSelect;

let lastIp = 0;
/** Every call comes from its own address so the per-IP limits never turn the run into 429s. */
export function nextIp(): string {
  lastIp += 1;
  return `10.${(lastIp >> 16) & 255}.${(lastIp >> 8) & 255}.${lastIp & 255}`;
}

export async function createWorld(ctx: TestContext) {
  const { app, database } = ctx;
  const db = database.db;
  // Both drivers answer a raw query with { rows }.
  const rowsOf = async <T>(query: SQL) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const fx = await loadFixtures(db);
  const orgA = fx.orgA.id;
  const orgB = fx.orgB.id;
  const adminB = fx.seeded('B', 'Ylläpitäjä');

  // Records the fuzz may change freely: their ids go into every uuid field, next to the
  // callers' own, so valid-looking inputs reach past the "not found" answers.
  const victimA = await fx.create.user(orgA);
  const victimB = await fx.create.user(orgB, 'Ylläpitäjä');
  const targetA2 = await fx.create.target(orgA);
  const codeA = await fx.create.code(orgA, [fx.orgA.target.id]);
  const codeB = await fx.create.code(orgB, [fx.orgB.target.id]);
  const organization = [orgA, orgB];
  const user = [...ROLES.map((role) => fx.seeded('A', role).id), adminB.id, victimA, victimB];
  const target = [fx.orgA.target.id, targetA2, fx.orgB.target.id];
  const links = [
    await fx.create.link(victimA, fx.orgA.target.id),
    await fx.create.link(victimB, fx.orgB.target.id),
  ];
  const discussionA = await createDiscussion(fx, fx.orgA);
  const discussionB = await createDiscussion(fx, fx.orgB);
  const discussionIds = [
    discussionA,
    discussionB,
    await createComment(fx, fx.orgA, discussionA),
    await createComment(fx, fx.orgB, discussionB),
  ];
  // Tieto's demo surveys, questions, groups and feedback of both organizations.
  const tieto = (
    await rowsOf<{ id: string }>(
      sql`select id::text as id from queries union all select id::text from questions
          union all select id::text from question_groups union all select id::text from feedbacks`,
    )
  ).map((row) => row.id);
  // Vainu's records of both organizations: a device, a device type and a measurement each.
  const vainu = (
    await Promise.all(
      [orgA, orgB].flatMap((org) => [
        db
          .select({ id: devices.deviceId })
          .from(devices)
          .where(eq(devices.organizationId, org))
          .limit(1),
        db
          .select({ id: deviceTypes.deviceTypeId })
          .from(deviceTypes)
          .where(eq(deviceTypes.organizationId, org))
          .limit(1),
        db
          .select({ id: measurements.measurementId })
          .from(measurements)
          .where(eq(measurements.organizationId, org))
          .limit(1),
      ]),
    )
  ).flatMap((rows) => rows.map((row) => row.id));
  // Vainu's demo alarms of both organizations (open and closed).
  const alarmIds = (await rowsOf<{ id: string }>(sql`select id::text as id from alarms`)).map(
    (row) => row.id,
  );
  // A report schedule of each organization (issue 28), made by its Ylläpitäjä, who receives it.
  const scheduleIds: string[] = [];
  for (const [org, admin] of [
    [orgA, fx.seeded('A', 'Ylläpitäjä')],
    [orgB, adminB],
  ] as const) {
    const [measurement] = await db
      .select({ id: measurements.measurementId })
      .from(measurements)
      .where(eq(measurements.organizationId, org))
      .limit(1);
    const [schedule] = await db
      .insert(reportSchedules)
      .values({
        organizationId: org,
        targetId: null,
        measurementId: measurement?.id as string,
        frequency: 'monthly',
        monthDay: 0,
        hour: 6,
        createdBy: admin.id,
        nextRunAt: new Date(Date.now() + 86_400_000),
      })
      .returning({ id: reportSchedules.id });
    if (!schedule) throw new Error('fuzz: schedule not stored');
    await db.insert(reportScheduleRecipients).values({ scheduleId: schedule.id, userId: admin.id });
    scheduleIds.push(schedule.id);
  }
  // Ingest keys of both organizations, and the DevEUIs, times and payloads the webhooks name.
  const ingestKeyOf = new Map<string, string>();
  for (const org of [orgA, orgB]) {
    const key = newIngestKey();
    await db.insert(ingestKeys).values({
      organizationId: org,
      name: 'Fuzz',
      prefix: ingestKeyShown(key),
      keyHash: ingestKeyHash(key),
    });
    ingestKeyOf.set(org, key);
  }
  // Keys the fuzz may revoke (their ids are in the pool; the keys above stay live).
  const spareKeys = (
    await db
      .insert(ingestKeys)
      .values(
        [orgA, orgB].map((org) => {
          const key = newIngestKey();
          return {
            organizationId: org,
            name: 'Fuzz spare',
            prefix: ingestKeyShown(key),
            keyHash: ingestKeyHash(key),
          };
        }),
      )
      .returning({ id: ingestKeys.id })
  ).map((row) => row.id);
  // A webhook of each organization: its calls reach past "not found". Its host is under
  // .invalid (RFC 2606: never resolves), so a fuzzed "send test" goes nowhere.
  const webhookIds = (
    await db
      .insert(webhooks)
      .values(
        [orgA, orgB].map((organizationId) => ({
          organizationId,
          name: 'Fuzz',
          url: 'https://hooks.vahti.invalid/fuzz',
          events: ['alarm.opened'],
          format: 'json' as const,
          secret: 'whsec_fuzz',
        })),
      )
      .returning({ id: webhooks.id })
  ).map((row) => row.id);
  const times = [new Date(Date.now() - 3_600_000).toISOString(), '2026-01-01T00:00:00Z'];
  const euis = (await db.select({ eui: devices.deviceEui }).from(devices).limit(6)).map(
    (row) => row.eui,
  );
  // DevEUIs no device has, with a kept uplink of each organization: the "Uudet laitteet" inbox's
  // accept and dismiss reach past "not found" with them.
  const unknownEuis = ['70B3D57ED00FA001', '70B3D57ED00FB001'];
  await db.insert(rejectedUplinks).values(
    [orgA, orgB].map((organizationId, i) => {
      const body = JSON.stringify({ deviceEui: unknownEuis[i], time: times[1], values: {} });
      return {
        organizationId,
        source: 'generic',
        reason: 'unknownDevice',
        deviceEui: unknownEuis[i] as string,
        body,
        bodyBytes: Buffer.byteLength(body),
      };
    }),
  );
  const devEuis = [...euis, ...unknownEuis, '0000000000000000'];
  const payloads = ['CQQ3AQ==', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'AQ'];
  const ids: IdPool = {
    named: {
      devEui: devEuis,
      dev_eui: devEuis,
      deviceEui: devEuis,
      time: times,
      received_at: times,
      data: payloads,
      frm_payload: payloads,
      // Sensor-data days (Finnish days, ed inclusive): real days, so calls get past validation
      // and read the data; some pairs are backwards (400 on ed).
      sd: ['2026-01-01', '2025-11-01', new Date().toISOString().slice(0, 10)],
      ed: ['2026-01-07', '2026-02-28', new Date().toISOString().slice(0, 10)],
    },
    organization,
    user,
    target,
    any: [
      ...organization,
      ...user,
      ...target,
      ...links,
      codeA.id,
      codeB.id,
      ...discussionIds,
      ...spareKeys,
      ...webhookIds,
      ...tieto,
      ...vainu,
      ...alarmIds,
      ...scheduleIds,
      fx.missing,
    ],
    missing: fx.missing,
  };

  const callers: Caller[] = [
    { name: 'anonymous', top: false },
    ...ROLES.map((role: Role) => ({
      name: `A:${role}`,
      email: fx.seeded('A', role).email,
      organizationId: orgA,
      top: role === 'Pääylläpitäjä',
      ingestKey: ingestKeyOf.get(orgA),
    })),
    {
      name: 'B:Ylläpitäjä',
      email: adminB.email,
      organizationId: orgB,
      top: false,
      ingestKey: ingestKeyOf.get(orgB),
    },
  ];

  // What a caller's sign-in needs, as seeded: restored when a fuzzed call changed it.
  const callerRows = new Map<string, UserRow>();
  for (const caller of callers) {
    if (!caller.email) continue;
    const [row] = await db.select().from(users).where(eq(users.userEmail, caller.email));
    if (row) callerRows.set(caller.name, row);
  }
  const organizationRows = await db.select().from(organizations);
  const originalOrganizations = new Map<string, OrganizationRow>(
    organizationRows.map((row) => [row.organizationId, row]),
  );

  function call(caller: Caller, options: InjectOptions) {
    return app.inject({
      ...options,
      headers: {
        ...options.headers,
        'x-forwarded-for': nextIp(),
        ...(caller.token && { authorization: `Bearer ${caller.token}` }),
        // The webhooks authenticate by the organization's ingest key, not a session.
        ...(options.url?.toString().startsWith('/api/ingest/') &&
          caller.ingestKey && { authorization: `Bearer ${caller.ingestKey}` }),
      },
    });
  }

  async function signIn(caller: Caller) {
    const res = await call(
      { ...caller, token: undefined },
      {
        method: 'POST',
        url: '/api/login',
        payload: { userEmail: caller.email, userPassword: DEMO_PASSWORD },
      },
    );
    caller.token = res.statusCode === 200 ? (res.json().token as string) : undefined;
    return res.statusCode;
  }

  /**
   * Puts the caller's user row and organization back as seeded, clears the failed sign-ins the
   * fuzz may have counted against the address, then signs in again.
   */
  async function restore(caller: Caller) {
    const row = callerRows.get(caller.name);
    if (!row) return;
    await db.update(users).set(row).where(eq(users.userId, row.userId));
    await db
      .delete(rateLimits)
      .where(eq(rateLimits.key, `signInAccount:${row.userEmail.toLowerCase()}`));
    const organization = originalOrganizations.get(row.organizationId);
    if (organization)
      await db
        .update(organizations)
        .set(organization)
        .where(eq(organizations.organizationId, organization.organizationId));
    const status = await signIn(caller);
    if (status !== 200) throw new Error(`${caller.name} cannot sign in again: ${status}`);
  }

  /**
   * After a 401: if the caller's token no longer works, bring the caller back. Restored first,
   * never tried as is: a sign-in that fails would count against the address's limit.
   */
  async function ensureSignedIn(caller: Caller) {
    if (!caller.email) return false;
    const auth = await call(caller, { method: 'GET', url: '/api/auth' });
    if (auth.statusCode === 200) return false;
    await restore(caller);
    return true;
  }

  // Every row written from here on, as it was and as it became, goes into fuzz.changes (a
  // trigger on every table, generic, so tables added later are watched too; a partition's rows
  // through its table's). A write's check reads only the rows written since the last check: a
  // digest of every table's rows took 88 ms a check, more than half the fuzz's time.
  await db.execute(sql`create schema fuzz`);
  await db.execute(sql`create table fuzz.changes (t text not null, r jsonb not null)`);
  await db.execute(
    sql.raw(`create function fuzz.log() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then insert into fuzz.changes values (tg_table_name, to_jsonb(old)); end if;
        if tg_op <> 'DELETE' then insert into fuzz.changes values (tg_table_name, to_jsonb(new)); end if;
        return null;
      end $$`),
  );
  const tables = await rowsOf<{ name: string }>(
    sql`select relname as name from pg_class
        where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') and not relispartition`,
  );
  for (const { name } of tables)
    await db.execute(
      sql`create trigger fuzz_log after insert or update or delete on ${sql.identifier(name)}
          for each row execute function fuzz.log()`,
    );

  /** The ids that mark an organization's rows: its own, its users' and its targets'. */
  async function patternOf(organizationId: string): Promise<RegExp> {
    const members = await rowsOf<{ id: string }>(
      sql`select ${users.userId}::text as id from ${users} where ${users.organizationId} = ${organizationId}
          union all
          select ${targets.targetId}::text from ${targets} where ${targets.organizationId} = ${organizationId}`,
    );
    return new RegExp([organizationId, ...members.map((row) => row.id)].join('|'));
  }

  const organizationIds = [orgA, orgB];
  /** Forgets the rows written so far: what follows is judged on its own. */
  async function rebaseline() {
    await db.execute(sql`delete from fuzz.changes`);
  }

  /**
   * After a successful write: no row of an organization other than the caller's may have been
   * written since the last check, unless the caller is the top administrator. Returns those
   * organizations, each with the tables written. The organization's own audit entries are left
   * out: a refused call may still record itself there (an attempt to use another
   * organization's address), and only the organization's own users are their actors. An entry
   * another organization's caller made still counts.
   */
  async function changedElsewhere(caller: Caller): Promise<string[]> {
    const written = await rowsOf<{ t: string; r: string; actor: string | null }>(
      sql`delete from fuzz.changes returning t, r::text as r, r->>'actor_id' as actor`,
    );
    if (caller.top || written.length === 0) return [];
    const changed: string[] = [];
    for (const id of organizationIds) {
      if (id === caller.organizationId) continue;
      const pattern = await patternOf(id);
      const tablesWritten = new Set(
        written
          .filter(
            (row) =>
              pattern.test(row.r) && !(row.t === 'audit_log' && pattern.test(row.actor ?? '')),
          )
          .map((row) => row.t),
      );
      if (tablesWritten.size) changed.push(`${id} (${[...tablesWritten].join(', ')})`);
    }
    return changed;
  }

  for (const caller of callers) if (caller.email) await signIn(caller);
  const missing = callers.filter((caller) => caller.email && !caller.token);
  if (missing.length)
    throw new Error(`cannot sign in: ${missing.map((caller) => caller.name).join(', ')}`);
  // After the sign-ins: each writes its session's row (user_sessions) in the caller's organization.
  await rebaseline();

  return {
    callers,
    ids,
    orgB,
    call,
    ensureSignedIn,
    changedElsewhere,
    rebaseline,
  };
}

export type World = Awaited<ReturnType<typeof createWorld>>;
