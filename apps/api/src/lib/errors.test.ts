import { describe, expect, it } from 'vitest';
import { storageFailure } from './errors.js';

const wrapped = (cause: unknown) => new Error('Failed query: insert …', { cause });
const withCode = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('storageFailure', () => {
  it('names a database that cannot be reached 503 DATABASE_UNAVAILABLE, through wrapping', () => {
    const unavailable = { status: 503, code: 'DATABASE_UNAVAILABLE' };
    expect(storageFailure(wrapped(withCode('57P01')))).toEqual(unavailable);
    expect(storageFailure(wrapped(withCode('57P03')))).toEqual(unavailable);
    expect(storageFailure(withCode('08006'))).toEqual(unavailable);
    expect(storageFailure(wrapped(new Error('Connection terminated unexpectedly')))).toEqual(
      unavailable,
    );
    expect(storageFailure(new Error('timeout exceeded when trying to connect'))).toEqual(
      unavailable,
    );
    expect(storageFailure(new AggregateError([withCode('ECONNREFUSED')]))).toEqual(unavailable);
  });

  it('names a full disk 507 STORAGE_FULL: disk_full of the database, ENOSPC of a file', () => {
    const full = { status: 507, code: 'STORAGE_FULL' };
    expect(storageFailure(wrapped(withCode('53100')))).toEqual(full);
    expect(storageFailure(withCode('ENOSPC'))).toEqual(full);
  });

  it('leaves every other failure alone', () => {
    expect(storageFailure(wrapped(withCode('23505')))).toBeNull();
    expect(storageFailure(withCode('22P02'))).toBeNull();
    expect(storageFailure(new Error('Connection refused by policy'))).toBeNull();
    expect(storageFailure(undefined)).toBeNull();
  });
});
