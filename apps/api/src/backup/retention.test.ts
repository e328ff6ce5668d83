import { describe, expect, it } from 'vitest';
import { backupsToRemove, KeepPolicyError, parseKeepPolicy } from './retention.js';

/** One backup a day at 02:30 Finnish time (00:30 UTC in winter), newest first by name. */
function nightly(from: string, days: number) {
  const start = new Date(from).getTime();
  return Array.from({ length: days }, (_, i) => {
    const createdAt = new Date(start + i * 86_400_000);
    return { name: createdAt.toISOString().slice(0, 10), createdAt };
  });
}

const names = (list: { name: string }[]) => list.map((b) => b.name).sort();

describe('BACKUP_KEEP', () => {
  it('reads all, a count, and rules', () => {
    expect(parseKeepPolicy('all')).toBe('all');
    expect(parseKeepPolicy('14')).toEqual({ last: 14 });
    expect(parseKeepPolicy(' daily=7, weekly=4,monthly=6 ')).toEqual({
      daily: 7,
      weekly: 4,
      monthly: 6,
    });
    expect(parseKeepPolicy('last=2,daily=3')).toEqual({ last: 2, daily: 3 });
  });

  it.each(['', '0', 'daily=0', 'hourly=3', 'daily=7,daily=3', 'daily', '7d', '-1'])(
    'refuses %j naming the variable',
    (text) => {
      expect(() => parseKeepPolicy(text)).toThrow(KeepPolicyError);
      expect(() => parseKeepPolicy(text)).toThrow(/^BACKUP_KEEP: /);
    },
  );

  it('keeps the newest N', () => {
    const backups = nightly('2026-01-01T00:30:00Z', 10);
    expect(names(backupsToRemove(backups, { last: 3 }))).toEqual(names(backups.slice(0, 7)));
    expect(backupsToRemove(backups, 'all')).toEqual([]);
  });

  it('keeps the newest of each of the latest days, ISO weeks and months', () => {
    // 2026-01-01 … 2026-03-31: 90 nightly backups, and a second one on the last evening.
    const backups = [
      ...nightly('2026-01-01T00:30:00Z', 90),
      { name: 'late', createdAt: new Date('2026-03-31T19:00:00Z') },
    ];
    const removed = new Set(names(backupsToRemove(backups, { daily: 2, weekly: 2, monthly: 3 })));
    const kept = names(backups.filter((b) => !removed.has(b.name)));
    expect(kept).toEqual([
      '2026-01-31', // newest of January
      '2026-02-28', // newest of February
      '2026-03-29', // newest of ISO week 13 (Mon 23 – Sun 29 March)
      '2026-03-30', // the day before the last
      // Tuesday 31 March: the evening one, not the night one, is the newest of its day, its week
      // (14) and its month
      'late',
    ]);
  });

  it('counts days by the Finnish calendar', () => {
    // 23:30 UTC is already the next day in Finland (UTC+2).
    const backups = [
      { name: 'a', createdAt: new Date('2026-01-10T21:00:00Z') },
      { name: 'b', createdAt: new Date('2026-01-10T23:30:00Z') },
    ];
    expect(backupsToRemove(backups, { daily: 2 })).toEqual([]);
    expect(names(backupsToRemove(backups, { daily: 1 }))).toEqual(['a']);
  });
});
