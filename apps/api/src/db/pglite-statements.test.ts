import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreparedPGlite } from './pglite-statements.js';

/** PreparedPGlite answers as PGlite does, whatever the query: compared side by side. */
describe('PreparedPGlite', () => {
  let plain: PGlite;
  let prepared: PreparedPGlite;
  const schema = `create table item (
    id uuid primary key, name text not null unique, tags text[], details jsonb,
    amount numeric, count int, at timestamptz, day date, flag boolean)`;

  beforeAll(async () => {
    plain = await PGlite.create();
    prepared = await PreparedPGlite.open({}, { maxStatements: 3 });
    for (const db of [plain, prepared]) await db.exec(schema);
  });
  afterAll(async () => {
    await plain.close();
    await prepared.close();
  });

  /** As Drizzle asks: rows as arrays, its own parsers for times (kept as text). */
  const drizzleLike = {
    rowMode: 'array',
    parsers: {
      [types.TIMESTAMPTZ]: (value: string) => value,
      [types.DATE]: (value: string) => value,
    },
  } as const;

  const both = async (text: string, params?: unknown[]) => {
    const [a, b] = [await plain.query(text, params), await prepared.query(text, params)];
    expect(b).toEqual(a);
    if (/^select/i.test(text)) {
      const [c, d] = [
        await plain.query(text, params, drizzleLike),
        await prepared.query(text, params, drizzleLike),
      ];
      expect(d).toEqual(c);
    }
    return b;
  };

  it('stores and reads values of every kind of parameter alike', async () => {
    const insert = `insert into item (id, name, tags, details, amount, count, at, day, flag)
      values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *`;
    await both(insert, [
      '6f1c2a3e-0000-4000-8000-000000000001',
      'Ensimmäinen',
      ['a', 'b "c"', null],
      { nested: [1, { x: 'ä' }] },
      '12.50',
      7,
      new Date('2026-03-29T00:30:00Z'),
      '2026-03-29',
      true,
    ]);
    await both(insert, [
      '6f1c2a3e-0000-4000-8000-000000000002',
      'Toinen',
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    await both('select * from item order by name');
    await both('select * from item where id = any($1) order by name', [
      ['6f1c2a3e-0000-4000-8000-000000000001', '6f1c2a3e-0000-4000-8000-000000000002'],
    ]);
    const updated = await both(
      'update item set count = coalesce(count, 0) + $1 where flag is not true',
      [2],
    );
    expect(updated.affectedRows).toBe(1);
    await both('select count(*)::int as n, array_agg(name order by name) as names from item');
  });

  it('reuses a statement for the same text and keeps no more than the limit', async () => {
    for (let round = 0; round < 3; round++) {
      for (let n = 0; n < 6; n++) await both(`select $1::int + ${n} as sum`, [round]);
    }
    const { rows } = await prepared.query<{ n: number }>(
      'select count(*)::int as n from pg_prepared_statements',
    );
    expect(rows[0]?.n).toBeLessThanOrEqual(3);
  });

  it('fails as PGlite does, with the query, the parameters and the database error code', async () => {
    const text = 'insert into item (id, name) values ($1, $2)';
    const params = ['6f1c2a3e-0000-4000-8000-000000000003', 'Ensimmäinen'];
    const errorOf = (db: PGlite) => db.query(text, params).catch((error: unknown) => error);
    const [a, b] = [await errorOf(plain), await errorOf(prepared)];
    expect(b).toBeInstanceOf(Error);
    expect(b).toMatchObject({
      code: '23505',
      constraint: 'item_name_key',
      query: text,
      params,
      message: (a as Error).message,
    });
    // A text that does not parse is no statement, and the next query works.
    await expect(prepared.query('select from where')).rejects.toMatchObject({ code: '42601' });
    await expect(
      prepared.query('select not_a_uuid from item where id = $1', ['x']),
    ).rejects.toThrow();
    await both('select name from item order by name');
  });

  it('runs in a transaction, commits and rolls back; a query outside waits for it', async () => {
    const order: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tx = prepared.transaction(async (t) => {
      await t.query(`insert into item (id, name) values ($1, 'Kesken')`, [
        '6f1c2a3e-0000-4000-8000-000000000004',
      ]);
      order.push('in transaction');
      await held;
      const { rows } = await t.query<{ name: string }>('select name from item where name = $1', [
        'Kesken',
      ]);
      order.push(`sees ${rows.length}`);
      await t.rollback();
    });
    const outside = prepared
      .query<{ n: number }>('select count(*)::int as n from item where name = $1', ['Kesken'])
      .then(({ rows }) => order.push(`outside ${rows[0]?.n}`));
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await Promise.all([tx, outside]);
    expect(order).toEqual(['in transaction', 'sees 1', 'outside 0']);

    await prepared.transaction(async (t) => {
      await t.query(`insert into item (id, name) values ($1, 'Valmis')`, [
        '6f1c2a3e-0000-4000-8000-000000000005',
      ]);
    });
    await expect(
      prepared.transaction(async (t) => {
        await t.query(`insert into item (id, name) values ($1, 'Kumottu')`, [
          '6f1c2a3e-0000-4000-8000-000000000006',
        ]);
        await t.query('insert into item (id, name) values ($1, $2)', [
          '6f1c2a3e-0000-4000-8000-000000000007',
          'Valmis',
        ]);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const { rows } = await prepared.query<{ name: string }>(
      `select name from item where name in ('Valmis', 'Kumottu') order by name`,
    );
    expect(rows).toEqual([{ name: 'Valmis' }]);
  });
});
