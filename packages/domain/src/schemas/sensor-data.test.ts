import { describe, expect, it } from 'vitest';
import {
  chartResolution,
  helsinkiToday,
  parseFinnishDay,
  sensorDataDays,
  sensorDataRange,
} from './sensor-data.js';

describe('chartResolution', () => {
  const of = (sd: string, ed: string) => chartResolution(sensorDataRange({ sd, ed }));

  it('draws the readings for a day and a week, also across a change of clock', () => {
    expect(of('2026-11-26', '2026-11-26')).toBe('raw');
    // The quick range "week": 7 days back and today, 8 Finnish days.
    expect(of('2026-11-19', '2026-11-26')).toBe('raw');
    // The week of the autumn change has an hour more.
    expect(of('2026-10-20', '2026-10-27')).toBe('raw');
    expect(of('2026-03-24', '2026-03-31')).toBe('raw');
  });

  it('draws hourly means from 9 days to a quarter, daily means beyond', () => {
    expect(of('2026-11-18', '2026-11-26')).toBe('hour');
    // The quick range "month".
    expect(of('2026-10-26', '2026-11-26')).toBe('hour');
    expect(of('2026-08-26', '2026-11-26')).toBe('hour');
    // 100 days is the last of the hourly rollup.
    expect(of('2026-08-19', '2026-11-26')).toBe('hour');
    expect(of('2026-08-18', '2026-11-26')).toBe('day');
    // The quick range "year" and the longest range.
    expect(of('2025-11-26', '2026-11-26')).toBe('day');
    expect(of('2023-11-27', '2026-11-26')).toBe('day');
  });
});

describe('parseFinnishDay', () => {
  it('reads days as Finns write them, and YYYY-MM-DD', () => {
    expect(parseFinnishDay('1.3.2026')).toBe('2026-03-01');
    expect(parseFinnishDay(' 01.03.2026. ')).toBe('2026-03-01');
    expect(parseFinnishDay('29.2.2028')).toBe('2028-02-29');
    expect(parseFinnishDay('2026-03-01')).toBe('2026-03-01');
  });

  it('refuses what is not a whole calendar day', () => {
    for (const text of ['', '1.3.', '1.3.26', '29.2.2026', '32.1.2026', '1.13.2026', 'huomenna']) {
      expect(parseFinnishDay(text), text).toBeNull();
    }
  });
});

describe('sensorDataDays', () => {
  it('refuses an end before the start on ed, with the queries’ own message', () => {
    const result = sensorDataDays.safeParse({ sd: '2026-01-02', ed: '2026-01-01' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['ed'], message: 'validation.sensorData.edBeforeSd' }),
    ]);
    expect(sensorDataDays.safeParse({ sd: '2026-01-01', ed: '2026-01-01' }).success).toBe(true);
  });
});

describe('Finnish days as instants', () => {
  it('starts a day at 00:00 in Helsinki on either side of a change of clock', () => {
    const range = (sd: string, ed: string) => {
      const { from, to } = sensorDataRange({ sd, ed });
      return [from.toISOString(), to.toISOString()];
    };
    // Summer time starts on 29 March 2026 at 03:00 and ends on 25 October at 04:00.
    expect(range('2026-03-29', '2026-03-29')).toEqual([
      '2026-03-28T22:00:00.000Z',
      '2026-03-29T21:00:00.000Z',
    ]);
    expect(range('2026-10-25', '2026-10-25')).toEqual([
      '2026-10-24T21:00:00.000Z',
      '2026-10-25T22:00:00.000Z',
    ]);
    expect(range('2026-01-01', '2026-07-01')).toEqual([
      '2025-12-31T22:00:00.000Z',
      '2026-07-01T21:00:00.000Z',
    ]);
  });

  it("gives today's date in Helsinki, not in UTC", () => {
    expect(helsinkiToday(new Date('2026-06-30T21:30:00Z'))).toBe('2026-07-01');
    expect(helsinkiToday(new Date('2026-12-31T21:59:00Z'))).toBe('2026-12-31');
    expect(helsinkiToday(new Date('2026-12-31T22:00:00Z'))).toBe('2027-01-01');
  });
});
