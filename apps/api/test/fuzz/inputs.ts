import fc from 'fast-check';
import { generateSync, type JsonSchema } from 'json-schema-faker';
import type { Operation, Parameter } from './operations.js';

// Requests for one operation: a valid input drawn from its OpenAPI schemas (json-schema-faker,
// seeded by fast-check so a failure replays and shrinks), then zero or more mutations.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Where = 'body' | 'query' | 'path';

/**
 * A value too big to print (a megabyte string, nesting thousands deep), built only when a
 * request is made: fast-check shows its label in a counterexample instead.
 */
class Big {
  constructor(
    readonly label: string,
    readonly make: () => Json,
  ) {}
  [fc.toStringMethod]() {
    return this.label;
  }
}
type Value = Json | Big;
const materialize = (value: Value): Json => (value instanceof Big ? value.make() : value);

export type Mutation =
  | { kind: 'replace'; where: Where; at: number; value: Value }
  | { kind: 'drop'; where: Where; at: number }
  /** A character slipped into a valid string, where a whole bad value would fail earlier rules. */
  | { kind: 'inject'; where: Where; at: number; char: string; pos: number }
  | { kind: 'extra'; where: Where; name: string; value: Value };

/** How the body travels: mostly as JSON, sometimes as something the route does not take. */
export const TRANSPORTS = [
  'json',
  'json',
  'json',
  'json',
  'text/plain',
  'form',
  'broken-json',
  'no-body',
  'latin1-json',
] as const;
export type Transport = (typeof TRANSPORTS)[number];

export interface Case {
  seed: number;
  mutations: Mutation[];
  transport: Transport;
  language: string;
}

const MEGABYTE = 'a'.repeat(1_000_000);
const big = fc.constantFrom(
  new Big('1 MB string', () => MEGABYTE),
  new Big('1 MB e-mail', () => `${MEGABYTE}@demo.vahti.fi`),
  new Big('100 kB domain', () => `a@${'b'.repeat(100_000)}.fi`),
);
/** URLs get a shorter long string: the point there is length, not the body limit. */
const URL_TEXT_MAX = 8_000;

const nastyString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'Kohde\u0000',
    '\u001b[31m',
    '\u007f',
    '\u0085',
    '\ud800',
    'rivi\r\nrivi\t',
    "' OR '1'='1",
    '%00',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    'null',
    'NaN',
    '-1',
    '1e309',
    '9'.repeat(400),
    'not-a-uuid',
    '00000000-0000-0000-0000-00000000000g',
    'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11',
    '1,,2',
    ' , ',
    'Ääkkösiä Öö Åå',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)) }),
);

const nastyNumber = fc.oneof(
  fc.constantFrom(
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31) - 1,
    2 ** 53,
    2 ** 63,
    -1,
    0,
    1.5,
    1e308,
    -1e308,
    Number.MIN_VALUE,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/**
 * Arrays and objects nested `depth` deep (up to 10,000: a network server's body nested 5,000 deep
 * once stopped MQTT ingestion, issue 26), innermost holding a string. JSON.stringify itself
 * overflows the stack near 10,000, so the value is a placeholder that payloadOf() replaces with
 * the nested text, written out by hand.
 */
const DEEP = /"\u27e6deep:(\d+)\u27e7"/g;
const deep = fc
  .oneof(fc.integer({ min: 2, max: 3_000 }), fc.constantFrom(5_000, 10_000))
  .map((depth) => new Big(`nested ${depth} deep`, () => `\u27e6deep:${depth}\u27e7`));
function nestedText(depth: number): string {
  const open: string[] = [];
  const close: string[] = [];
  for (let i = 0; i < depth; i++) {
    open.push(i % 2 ? '{"a":' : '[');
    close.push(i % 2 ? '}' : ']');
  }
  return `${open.reverse().join('')}"syvä"${close.join('')}`;
}

const nastyValue: fc.Arbitrary<Value> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 3, arbitrary: nastyNumber },
  { weight: 2, arbitrary: fc.constantFrom<Json>(null, true, false, [], {}, [null], { '': null }) },
  { weight: 1, arbitrary: deep },
  { weight: 1, arbitrary: big },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json> },
);

const where = fc.constantFrom<Where>('body', 'body', 'query', 'path');

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({ kind: fc.constant('replace'), where, at: fc.nat(), value: nastyValue }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('drop'), where, at: fc.nat() }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('inject'),
      where,
      at: fc.nat(),
      char: fc.constantFrom('\u0000', '\u0001', '\u001b', '\u007f', '\u0085', '\ud800', '\ufeff'),
      pos: fc.nat(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('extra'),
      where,
      name: fc.constantFrom('__proto__', 'constructor', 'organizationId', 'userRoles', 'x', ''),
      value: nastyValue,
    }),
  },
) as fc.Arbitrary<Mutation>;

/** A third of the cases stay valid, the rest carry one to three mutations. */
export const caseArbitrary: fc.Arbitrary<Case> = fc.record({
  seed: fc.integer(),
  mutations: fc.oneof(
    { weight: 1, arbitrary: fc.constant<Mutation[]>([]) },
    { weight: 2, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 3 }) },
  ),
  transport: fc.constantFrom(...TRANSPORTS),
  language: fc.constantFrom('fi', 'en', 'sv', 'de', '*', 'fi;q=x'),
});

/** Real ids of both organizations by kind, and one that exists nowhere. */
export interface IdPool {
  organization: string[];
  user: string[];
  target: string[];
  /** Every id above, links and registration codes too, and the missing one. */
  any: string[];
  /** An id of nothing: every lookup of it must answer 404. */
  missing: string;
  /**
   * Values for string fields by their name that are no uuid but must name something real to
   * get past "unknown" (the ingest webhooks' DevEUIs, times and payloads).
   */
  named?: Record<string, string[]>;
}

/** The ids a uuid field draws from, by its name: `targetId` gets targets, and so on. */
function idsFor(name: string, pool: IdPool): string[] {
  const missing = [pool.missing];
  // An idempotency key (POST /api/alarms/notice) names no record: any other id of the pool
  // would be stored as the key and read as a write naming that record's organization.
  if (name === 'key') return missing;
  // Most specific first: targetOrganizationId names an organization, targetContactUser users.
  if (/organization/i.test(name)) return [...pool.organization, ...missing];
  if (/user|uuid/i.test(name)) return [...pool.user, ...missing];
  if (/target/i.test(name)) return [...pool.target, ...missing];
  return pool.any;
}

/** uuid fields draw from ids that exist (both organizations) and one that does not. */
function withIds(schema: unknown, pool: IdPool, name = ''): unknown {
  if (Array.isArray(schema)) return schema.map((item) => withIds(item, pool, name));
  if (!schema || typeof schema !== 'object') return schema;
  if ((schema as { format?: unknown }).format === 'uuid')
    return { type: 'string', enum: idsFor(name, pool) };
  const named = pool.named?.[name];
  if (named && (schema as { type?: unknown }).type === 'string')
    return { type: 'string', enum: named };
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === 'properties' && value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value).map(([field, child]) => [field, withIds(child, pool, field)]),
          )
        : withIds(value, pool, name),
    ]),
  );
}

export interface Input {
  path: Record<string, Json>;
  query: Record<string, Json>;
  body: Json | undefined;
}

/** Builds the valid input of one seed: required params always, optional ones half the time. */
export function validInput(op: Operation, seed: number, ids: IdPool): Input {
  // Short lists: a long list of ids drawn from the pool nearly always holds a foreign one.
  const options = { seed, optionalsProbability: 0.5, maxItems: 2 };
  const draw = (schema: JsonSchema, salt: number, name = '') =>
    generateSync(withIds(schema, ids, name) as JsonSchema, {
      ...options,
      seed: seed + salt,
    }) as Json;
  const params = (list: Parameter[], offset: number) =>
    Object.fromEntries(
      list
        .filter((p, i) => p.required || (seed + i) % 2 === 0)
        .map((p, i) => [p.name, draw(p.schema, offset + i, p.name)]),
    );
  return {
    path: params(op.pathParams, 100),
    query: params(op.queryParams, 200),
    body: op.body ? draw(op.body.schema, 0) : undefined,
  };
}

type Location = (string | number)[];

/** Where a mutation may land: the value itself and what it holds, a few levels down. */
function locations(value: Json, at: Location = [], out: Location[] = []): Location[] {
  out.push(at);
  if (at.length >= 6 || !value || typeof value !== 'object') return out;
  for (const [key, child] of Object.entries(value))
    locations(child, [...at, Array.isArray(value) ? Number(key) : key], out);
  return out;
}

function setAt(root: Json, at: Location, value: Json | undefined): Json | undefined {
  if (at.length === 0) return value;
  const [head, ...rest] = at as [string | number, ...Location];
  const copy: Json = Array.isArray(root) ? [...root] : { ...(root as Record<string, Json>) };
  const container = copy as Record<string | number, Json>;
  const next = setAt(container[head] as Json, rest, value);
  if (next === undefined) {
    if (Array.isArray(copy)) copy.splice(head as number, 1);
    else delete container[head];
  } else container[head] = next;
  return copy;
}

function getAt(root: Json, at: Location): Json {
  let value = root;
  for (const key of at) value = (value as Record<string | number, Json>)[key] as Json;
  return value;
}

/** Inserts the character into a string; any other value becomes the character alone. */
function inject(value: Json, { char, pos }: { char: string; pos: number }): Json {
  if (typeof value !== 'string') return char;
  const at = pos % (value.length + 1);
  return value.slice(0, at) + char + value.slice(at);
}

/** Applies the case's mutations to the valid input. */
export function mutate(input: Input, mutations: Mutation[]): Input {
  const out: Input = { path: { ...input.path }, query: { ...input.query }, body: input.body };
  for (const m of mutations) {
    if (m.where === 'body') {
      if (m.kind === 'extra') {
        if (out.body && typeof out.body === 'object' && !Array.isArray(out.body))
          out.body = { ...out.body, [m.name]: materialize(m.value) };
        continue;
      }
      const spots = locations(out.body ?? null);
      const at = spots[m.at % spots.length] ?? [];
      if (m.kind === 'replace') out.body = setAt(out.body ?? null, at, materialize(m.value));
      else if (m.kind === 'inject')
        out.body = setAt(out.body ?? null, at, inject(getAt(out.body ?? null, at), m));
      else out.body = at.length ? setAt(out.body ?? null, at, undefined) : undefined;
      continue;
    }
    const params = out[m.where];
    if (m.kind === 'extra') {
      params[m.name] = materialize(m.value);
      continue;
    }
    const names = Object.keys(params);
    const name = names[m.at % Math.max(names.length, 1)];
    if (name === undefined) continue;
    if (m.kind === 'drop') delete params[name];
    else if (m.kind === 'inject') params[name] = inject(params[name] as Json, m);
    else params[name] = materialize(m.value);
  }
  return out;
}

/** Percent-encodes every UTF-8 byte: a lone surrogate, which encodeURIComponent throws on, too. */
const urlText = (value: Json) =>
  Array.from(
    Buffer.from((typeof value === 'string' ? value : JSON.stringify(value)).slice(0, URL_TEXT_MAX)),
    (byte) => `%${byte.toString(16).padStart(2, '0')}`,
  ).join('');

/** The URL of an input: path params filled in (an empty one stays empty), query appended. */
export function urlOf(op: Operation, input: Input): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    name in input.path ? urlText(input.path[name] as Json) : '',
  );
  const query = Object.entries(input.query).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((v) => `${urlText(name)}=${urlText(v)}`),
  );
  return query.length ? `${path}?${query.join('&')}` : path;
}

/** The body bytes and content type of a transport. */
export function payloadOf(
  body: Json | undefined,
  transport: Transport,
): { payload?: string; contentType?: string } {
  if (transport === 'no-body') return {};
  const json =
    body === undefined
      ? undefined
      : JSON.stringify(body).replace(DEEP, (_, depth: string) => nestedText(Number(depth)));
  switch (transport) {
    case 'json':
      return json === undefined ? {} : { payload: json, contentType: 'application/json' };
    case 'latin1-json':
      return { payload: json ?? '{}', contentType: 'application/json; charset=latin1' };
    case 'text/plain':
      return { payload: json ?? 'teksti', contentType: 'text/plain' };
    case 'form':
      return { payload: 'userEmail=a%00b&x=1', contentType: 'application/x-www-form-urlencoded' };
    case 'broken-json':
      return { payload: (json ?? '{"a":1}').slice(0, -1) || '{', contentType: 'application/json' };
  }
}
