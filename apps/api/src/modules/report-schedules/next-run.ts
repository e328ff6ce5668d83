import { TIME_ZONE } from '@vahti/domain';

/** When a schedule runs: weekly on an ISO weekday or monthly on a day (0: the last), at an hour. */
export interface ScheduleTime {
  frequency: 'weekly' | 'monthly';
  /** ISO weekday 1–7 (weekly). */
  weekday: number | null;
  /** 1–31, or 0 for the last day of the month (monthly). */
  monthDay: number | null;
  /** 0–23, Finnish time. */
  hour: number;
}

const DAY_MS = 86_400_000;
const wallParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});

/** The Finnish calendar day and hour of an instant. */
function wallClock(at: Date) {
  const p = Object.fromEntries(wallParts.formatToParts(at).map((x) => [x.type, Number(x.value)]));
  return { year: p.year ?? 0, month: p.month ?? 1, day: p.day ?? 1, hour: p.hour ?? 0 };
}

/** How far Finnish time is ahead of UTC at `at`, in ms. */
function offsetAt(at: number): number {
  const w = wallClock(new Date(at));
  const wall = Date.UTC(w.year, w.month - 1, w.day, w.hour);
  return wall - Math.floor(at / 3_600_000) * 3_600_000;
}

/**
 * The instant the Finnish clock shows `hour`:00 on the day. Of an hour that happens twice (the
 * last Sunday of October, 03:00–04:00) the first; an hour the clock skips (the last Sunday of
 * March, 03:00–04:00) is taken as the moment the clock jumps, 04:00 summer time.
 */
export function helsinkiInstant(year: number, month: number, day: number, hour: number): Date {
  const wall = Date.UTC(year, month - 1, day, hour);
  const before = offsetAt(wall - DAY_MS);
  const after = offsetAt(wall + DAY_MS);
  const candidates = [...new Set([wall - before, wall - after])].sort((a, b) => a - b);
  for (const at of candidates) {
    const w = wallClock(new Date(at));
    if (w.year === year && w.month === month && w.day === day && w.hour === hour) {
      return new Date(at);
    }
  }
  return new Date(wall - before);
}

const daysInMonth = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();
/** ISO weekday (Monday 1 … Sunday 7) of a calendar day. */
const isoWeekday = (year: number, month: number, day: number) =>
  ((new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7) + 1;

/**
 * The first run of the schedule strictly after `after`, in Finnish time: weekly on its weekday,
 * monthly on its day — the 31st (29th, 30th) in a shorter month on that month's last day, and
 * 0 on every month's last day — at its hour, daylight saving time followed.
 */
export function nextRunAt(schedule: ScheduleTime, after: Date): Date {
  const today = wallClock(after);
  if (schedule.frequency === 'weekly') {
    const weekday = schedule.weekday ?? 1;
    for (let add = 0; add <= 7; add++) {
      const d = new Date(Date.UTC(today.year, today.month - 1, today.day + add));
      const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
      if (isoWeekday(y, m, day) !== weekday) continue;
      const at = helsinkiInstant(y, m, day, schedule.hour);
      if (at > after) return at;
    }
  } else {
    for (let add = 0; add <= 2; add++) {
      const first = new Date(Date.UTC(today.year, today.month - 1 + add, 1));
      const [y, m] = [first.getUTCFullYear(), first.getUTCMonth() + 1];
      const last = daysInMonth(y, m);
      const day = schedule.monthDay ? Math.min(schedule.monthDay, last) : last;
      const at = helsinkiInstant(y, m, day, schedule.hour);
      if (at > after) return at;
    }
  }
  throw new Error('no next run found');
}

const iso = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The latest full period before `at` (Finnish days, ed inclusive): the previous Monday–Sunday
 * week, or the previous calendar month.
 */
export function periodBefore(
  frequency: ScheduleTime['frequency'],
  at: Date,
): { sd: string; ed: string } {
  const today = wallClock(at);
  if (frequency === 'weekly') {
    const weekday = isoWeekday(today.year, today.month, today.day);
    const sd = new Date(Date.UTC(today.year, today.month - 1, today.day - weekday + 1 - 7));
    const ed = new Date(sd.getTime() + 6 * DAY_MS);
    return { sd: iso(sd), ed: iso(ed) };
  }
  const sd = new Date(Date.UTC(today.year, today.month - 2, 1));
  const ed = new Date(Date.UTC(today.year, today.month - 1, 0));
  return { sd: iso(sd), ed: iso(ed) };
}
