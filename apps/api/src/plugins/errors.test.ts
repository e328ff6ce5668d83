import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorsPlugin } from './errors.js';

/** A database error as Drizzle hands it on: a wrapper whose cause carries the SQLSTATE. */
function queryError(code: string) {
  const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
    code,
  });
  return new Error('Failed query: update "users" set "user_first_name" = $1', { cause });
}

async function answerTo(error: Error) {
  const app = Fastify({ logger: false });
  await app.register(errorsPlugin);
  app.get('/', async () => {
    throw error;
  });
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return res;
}

describe('database errors', () => {
  it.each(['22021', '22P02', '22003'])(
    'a data exception (%s) is bad input: 400 without SQL',
    async (code) => {
      const res = await answerTo(queryError(code));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Tarkasta annetut tiedot', code: 'VALIDATION_FAILED' });
      expect(res.body).not.toMatch(/users|Failed query|UTF8/);
    },
  );

  it('any other database error stays a 500 that names nothing', async () => {
    const res = await answerTo(queryError('23505'));
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('INTERNAL_ERROR');
    expect(res.body).not.toMatch(/users|Failed query/);
  });
});
