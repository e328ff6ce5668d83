import { describe, expect, it } from 'vitest';
import { helsinkiInstant, nextRunAt, periodBefore, type ScheduleTime } from './next-run.js';

const weekly = (weekday: number, hour: number): ScheduleTime => ({
  frequency: 'weekly',
  weekday,
  monthDay: null,
  hour,
});
const monthly = (monthDay: number, hour: number): ScheduleTime => ({
  frequency: 'monthly',
  weekday: null,
  monthDay,
  hour,
});
const at = (iso: string) => new Date(iso);
const next = (s: ScheduleTime, after: string) => nextRunAt(s, at(after)).toISOString();

describe('next run of a report schedule, Finnish time', () => {
  it('is the same day when its hour is still ahead, else the next week', () => {
    // Friday 27.11.2026 10:00 Finnish time (EET, +2).
    expect(next(weekly(5, 11), '2026-11-27T08:00:00Z')).toBe('2026-11-27T09:00:00.000Z');
    expect(next(weekly(5, 10), '2026-11-27T08:00:00Z')).toBe('2026-12-04T08:00:00.000Z');
    expect(next(weekly(1, 7), '2026-11-27T08:00:00Z')).toBe('2026-11-30T05:00:00.000Z');
  });

  it('follows daylight saving time in spring and autumn', () => {
    // Summer time begins Sunday 29.3.2026: Monday 7:00 is 04:00 UTC after, 05:00 UTC before.
    expect(next(weekly(1, 7), '2026-03-25T12:00:00Z')).toBe('2026-03-30T04:00:00.000Z');
    expect(next(weekly(1, 7), '2026-03-18T12:00:00Z')).toBe('2026-03-23T05:00:00.000Z');
    // Winter time begins Sunday 25.10.2026.
    expect(next(weekly(1, 7), '2026-10-21T12:00:00Z')).toBe('2026-10-26T05:00:00.000Z');
  });

  it('runs a skipped hour when the clock jumps and a doubled hour once', () => {
    // 29.3.2026 03:00 does not exist (02:59 EET → 04:00 EEST): the jump, 01:00 UTC.
    expect(helsinkiInstant(2026, 3, 29, 3).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    // 25.10.2026 03:00 happens twice (EEST, then EET): the first.
    expect(helsinkiInstant(2026, 10, 25, 3).toISOString()).toBe('2026-10-25T00:00:00.000Z');
    expect(next(weekly(7, 3), '2026-10-25T00:00:00Z')).toBe('2026-11-01T01:00:00.000Z');
  });

  it('runs the 31st on the last day of a shorter month, and "last day" on every last day', () => {
    expect(next(monthly(31, 6), '2026-01-31T12:00:00Z')).toBe('2026-02-28T04:00:00.000Z');
    expect(next(monthly(31, 6), '2028-02-01T00:00:00Z')).toBe('2028-02-29T04:00:00.000Z');
    expect(next(monthly(31, 6), '2026-04-01T00:00:00Z')).toBe('2026-04-30T03:00:00.000Z');
    expect(next(monthly(31, 6), '2026-04-30T03:00:00Z')).toBe('2026-05-31T03:00:00.000Z');
    expect(next(monthly(0, 23), '2026-02-28T20:59:00Z')).toBe('2026-02-28T21:00:00.000Z');
    expect(next(monthly(0, 23), '2026-02-28T21:00:00Z')).toBe('2026-03-31T20:00:00.000Z');
  });

  it('turns the year, and counts from midnight in Finnish time rather than UTC', () => {
    expect(next(monthly(1, 0), '2026-12-15T00:00:00Z')).toBe('2026-12-31T22:00:00.000Z');
    // 31.12.2026 23:30 UTC is already 1.1.2027 01:30 in Finland: the run of the 1st at 0:00 is past.
    expect(next(monthly(1, 0), '2026-12-31T23:30:00Z')).toBe('2027-01-31T22:00:00.000Z');
  });
});

describe('the period a run covers', () => {
  it('is the previous Monday–Sunday week', () => {
    expect(periodBefore('weekly', at('2026-11-30T05:00:00Z'))).toEqual({
      sd: '2026-11-23',
      ed: '2026-11-29',
    });
    // Sunday evening UTC is already Monday in Finland.
    expect(periodBefore('weekly', at('2026-11-29T22:30:00Z'))).toEqual({
      sd: '2026-11-23',
      ed: '2026-11-29',
    });
  });

  it('is the previous calendar month, across a year and a leap day', () => {
    expect(periodBefore('monthly', at('2026-03-01T04:00:00Z'))).toEqual({
      sd: '2026-02-01',
      ed: '2026-02-28',
    });
    expect(periodBefore('monthly', at('2028-03-15T04:00:00Z'))).toEqual({
      sd: '2028-02-01',
      ed: '2028-02-29',
    });
    expect(periodBefore('monthly', at('2027-01-01T04:00:00Z'))).toEqual({
      sd: '2026-12-01',
      ed: '2026-12-31',
    });
  });
});
