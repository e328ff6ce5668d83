// Property-based fuzzing of every operation in the OpenAPI document (issue 9): schema-derived
// valid inputs and mutated ones, as anonymous and as every role of two organizations. A case
// fails on a 5xx, on a stack trace or SQL in any answer, on an error answer of another shape
// than { error, code, fields? }, and on a successful write by a non-top caller that changed
// another organization's rows. `npm test` runs FUZZ_RUNS (25) cases per operation, on PGlite
// only; `npm run fuzz` runs 1,000 and prints the answers per operation and status class (run it
// before resolving an issue that adds or changes routes).
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { targets } from '../../src/db/schema/index.js';
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
  ctx = await createTestApp();
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
    expect(await world.changedElsewhere(adminA)).toEqual([world.orgB]);
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
        if (res.statusCode < 300 && WRITES.has(op.method)) {
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
});
