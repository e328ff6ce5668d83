// Property-based fuzzing of every operation in the OpenAPI document (issue 9): schema-derived
// valid inputs and mutated ones, as anonymous and as every role of two organizations. A case
// fails on a 5xx, on a stack trace or SQL in any answer, on an error answer of another shape
// than { error, code, fields? }, and on a successful write by a non-top caller that changed
// another organization's rows. `npm test` runs FUZZ_RUNS (25) cases per operation, on PGlite
// only; `npm run fuzz` runs 1,000 and prints the answers per operation and status class (run it
// before resolving an issue that adds or changes routes).
import { isPlausible } from '@vahti/domain';
import { asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  devices,
  deviceTypeMeasurements,
  measurementData,
  measurements,
  targets,
} from '../../src/db/schema/index.js';
import { createTestApp, DRIVER, type TestContext } from '../helpers/app.js';
import { caseArbitrary, mutate, payloadOf, urlOf, validInput } from './inputs.js';
import { type OpenApiDocument, type Operation, operationsOf } from './operations.js';
import { type Caller, createWorld, type World } from './world.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What an answer must never carry: a stack frame, a driver's or the database's words. */
const LEAKS = [
  /\bat [^\s]+ \(?[^\s]*:\d+:\d+\)?/,
  /node_modules|\.ts:\d+/,
  /Failed query|SQLSTATE|syntax error at or near|violates .* constraint|invalid input syntax/i,
  /\b(select|insert into|update|delete from)\b[^"]*\b(from|set|values|where)\b/i,
];

/**
 * The document is read from a throwaway app before the tests are declared, so that every
 * operation, including ones added later, gets its own test without a hand-kept list.
 */
async function readOperations(): Promise<Operation[]> {
  const probe = await createTestApp({ demo: false });
  try {
    const res = await probe.app.inject({ method: 'GET', url: '/api/openapi.json' });
    return operationsOf(res.json() as OpenApiDocument);
  } finally {
    await probe.close();
  }
}

/** Operations the fuzz cannot call, and why. */
const NOT_FUZZED: Record<string, string> = {
  streamEvents:
    'a server-sent event stream stays open until the client leaves, and app.inject waits for the end; test/integration/events.test.ts covers it over a real socket',
};

const operations = (await readOperations()).filter((op) => !(op.operationId in NOT_FUZZED));
const tally = new Map<string, Record<string, number>>();

let ctx: TestContext;
let world: World;

beforeAll(async () => {
  // Each answer is judged by the rows it left, so nothing else may write meanwhile (an ingest
  // call has committed when it answers: helpers/app.ts).
  ctx = await createTestApp();
  // The background deliveries: a webhook or push an earlier case queued (and its retry)
  // would update its organization's rows during a later case. Delivery has its own tests
  // (webhooks, push, fault-delivery); here its rows stay as the calls left them.
  await Promise.all([
    ctx.services.webhookWorker.stop(),
    ctx.services.push.stop(),
    ctx.services.previewQueue.stop(),
  ]);
  world = await createWorld(ctx);
});

afterAll(async () => {
  await ctx?.close();
  const classes = ['2xx', '3xx', '4xx', '5xx'];
  const lines = [...tally].map(
    ([id, counts]) =>
      `${id.padEnd(34)} ${classes.map((c) => String(counts[c] ?? 0).padStart(6)).join('')}` +
      `   ${Object.entries(counts)
        .filter(([status]) => !classes.includes(status) && status !== 'total')
        .map(([status, n]) => `${status}:${n}`)
        .join(' ')}`,
  );
  const total = [...tally.values()].reduce((sum, c) => sum + (c.total ?? 0), 0);
  console.log(
    [
      `fuzz (${DRIVER}): ${tally.size} operations, ${RUNS} cases each, ${total} calls`,
      `${'operation'.padEnd(34)}${classes.map((c) => c.padStart(6)).join('')}   by status`,
      ...lines,
    ].join('\n'),
  );
});

function count(op: Operation, status: number) {
  const counts = tally.get(op.operationId) ?? {};
  const cls = `${Math.floor(status / 100)}xx`;
  counts[cls] = (counts[cls] ?? 0) + 1;
  counts[status] = (counts[status] ?? 0) + 1;
  counts.total = (counts.total ?? 0) + 1;
  tally.set(op.operationId, counts);
}

const clip = (text: string | undefined, n = 600) =>
  text && text.length > n ? `${text.slice(0, n)}… (${text.length} chars)` : text;

describe(`fuzzing every OpenAPI operation (${DRIVER})`, () => {
  it('reads the operations from the document', () => {
    expect(operations.length).toBeGreaterThan(30);
  });

  it("sees a write to another organization's rows, so its silence means something", async () => {
    const adminA = world.callers.find((caller) => caller.name === 'A:Ylläpitäjä') as Caller;
    await ctx.database.db
      .update(targets)
      .set({ targetJobNumber: 'TN-fuzz' })
      .where(eq(targets.organizationId, world.orgB));
    expect(await world.changedElsewhere(adminA)).toEqual([`${world.orgB} (targets)`]);
    expect(await world.changedElsewhere(adminA)).toEqual([]);
  });

  it.each(operations.map((op) => [`${op.method} ${op.path} (${op.operationId})`, op] as const))(
    '%s',
    async (_name, op) => {
      const property = fc.asyncProperty(caseArbitrary, fc.nat(), async (fuzzCase, callerIndex) => {
        const caller: Caller = world.callers[callerIndex % world.callers.length] as Caller;
        const input = mutate(validInput(op, fuzzCase.seed, world.ids), fuzzCase.mutations);
        const { payload, contentType } = payloadOf(input.body, fuzzCase.transport);
        const url = urlOf(op, input);
        const res = await world.call(caller, {
          method: op.method as 'GET',
          url,
          headers: {
            'accept-language': fuzzCase.language,
            ...(contentType && { 'content-type': contentType }),
          },
          ...(payload !== undefined && { payload }),
        });
        count(op, res.statusCode);
        const what = () =>
          `${caller.name} ${op.method} ${clip(url, 300)} ${clip(payload) ?? ''} → ${res.statusCode} ${clip(res.body)}`;

        if (res.statusCode >= 500) throw new Error(`server error: ${what()}`);
        for (const leak of LEAKS)
          if (leak.test(res.body)) throw new Error(`answer leaks ${leak}: ${what()}`);
        if (res.statusCode >= 400) {
          const body = res.json() as Record<string, unknown>;
          const keys = Object.keys(body).filter((k) => !['error', 'code', 'fields'].includes(k));
          if (typeof body.error !== 'string' || typeof body.code !== 'string' || keys.length)
            throw new Error(`error answer of another shape: ${what()}`);
        }
        // A refused call writes nothing, but for the ingest webhooks, which keep a body of the
        // wrong shape as a rejected uplink of the key's organization: every answer of theirs is
        // checked (and the baseline moves with it).
        const mayWrite = res.statusCode < 300 || op.path.startsWith('/api/ingest/');
        if (mayWrite && WRITES.has(op.method)) {
          const changed = await world.changedElsewhere(caller);
          if (changed.length)
            throw new Error(`changed organization ${changed.join(', ')}'s rows: ${what()}`);
        }
        if (res.statusCode === 401 && caller.token && (await world.ensureSignedIn(caller)))
          await world.rebaseline();
      });
      await fc.assert(property, {
        numRuns: RUNS,
        endOnFailure: true,
        ...(SEED !== undefined && { seed: SEED }),
      });
    },
    600_000,
  );

  // Issue 26: impossible readings. Values keyed by a real device's measurements (by id for the
  // generic form, by name in the network servers' decoded objects), drawn from the numbers that
  // once got through (1e308), signed zero, subnormals, and NaN-like strings and JSON literals.
  // Besides the rules above, nothing outside a measurement's bounds may end up stored.
  it('stores no impossible reading from the ingest webhooks', async () => {
    const db = ctx.database.db;
    const caller = world.callers.find((c) => c.name === 'A:Ylläpitäjä') as Caller;
    const [device] = await db
      .select({ id: devices.deviceId, eui: devices.deviceEui, typeId: devices.deviceTypeId })
      .from(devices)
      .where(eq(devices.organizationId, caller.organizationId as string))
      .limit(1);
    if (!device) throw new Error('fuzz: no device');
    const layout = await db
      .select({
        id: measurements.measurementId,
        name: measurements.measurementName,
        measurementValidMin: measurements.measurementValidMin,
        measurementValidMax: measurements.measurementValidMax,
      })
      .from(deviceTypeMeasurements)
      .innerJoin(measurements, eq(measurements.measurementId, deviceTypeMeasurements.measurementId))
      .where(eq(deviceTypeMeasurements.deviceTypeId, device.typeId))
      .orderBy(asc(deviceTypeMeasurements.position));
    /** A JSON literal no JSON.stringify writes, put in place of its quoted marker. */
    const RAW = '@raw:';
    const reading = fc.oneof(
      fc.constantFrom<unknown>(
        1e308,
        -1e308,
        -0,
        1e-320,
        5e-324,
        Number.MAX_VALUE,
        2 ** 53,
        120.000001,
        -60.000001,
        40_000.5,
        'NaN',
        'Infinity',
        '-Infinity',
        '1e309',
        '1e308',
        null,
        true,
        `${RAW}1e400`,
        `${RAW}-1e400`,
        `${RAW}1e-400`,
        `${RAW}-0`,
        `${RAW}NaN`,
      ),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.double({ min: -100, max: 2000, noNaN: true }),
    );
    const form = fc.constantFrom('generic', 'chirpstack', 'ttn');
    const property = fc.asyncProperty(
      form,
      fc.array(reading, { minLength: layout.length, maxLength: layout.length }),
      fc.integer({ min: 60, max: 7 * 86_400 }),
      fc.uuid(),
      async (kind, values, secondsAgo, dedupId) => {
        const time = new Date(Date.now() - secondsAgo * 1000).toISOString();
        const by = (key: 'id' | 'name') =>
          Object.fromEntries(layout.map((m, i) => [m[key], values[i]]));
        const body =
          kind === 'generic'
            ? { deviceEui: device.eui, time, values: by('id') }
            : kind === 'chirpstack'
              ? {
                  deduplicationId: dedupId,
                  time,
                  deviceInfo: { devEui: device.eui },
                  object: by('name'),
                }
              : {
                  end_device_ids: { dev_eui: device.eui },
                  uplink_message: { decoded_payload: by('name'), received_at: time },
                };
        const payload = JSON.stringify(body).replace(
          new RegExp(`"${RAW}([^"]*)"`, 'g'),
          (_, literal: string) => literal,
        );
        const url = `/api/ingest/${kind}`;
        const res = await world.call(caller, {
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        count({ operationId: 'ingestReadings' } as Operation, res.statusCode);
        const what = () => `${url} ${clip(payload)} → ${res.statusCode} ${clip(res.body)}`;
        if (res.statusCode >= 500) throw new Error(`server error: ${what()}`);
        if (res.statusCode >= 400 && !(typeof res.json().code === 'string'))
          throw new Error(`error answer of another shape: ${what()}`);
      },
    );
    await fc.assert(property, {
      numRuns: RUNS * 4,
      endOnFailure: true,
      ...(SEED !== undefined && { seed: SEED }),
    });
    const stored = await db
      .select({ data: measurementData.data })
      .from(measurementData)
      .where(eq(measurementData.deviceId, device.id));
    for (const { data } of stored) {
      for (const m of layout) {
        const value = data[m.id];
        if (value !== undefined && !isPlausible(value, m))
          throw new Error(
            `stored ${value} for ${m.name}, bounds ${m.measurementValidMin}…${m.measurementValidMax}`,
          );
      }
    }
  }, 600_000);
});
