import { TIME_ZONE } from '@vahti/domain';

const DAY_MINUTES = 24 * 60;
const clock = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Minutes after midnight in Finnish time. */
export function finnishMinutes(at: Date): number {
  const parts = clock.formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

/** "07:30" → 450. */
export const minutesOf = (hhmm: string) => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
};
/** 450 → "07:30". */
export const clockOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Whether a Finnish clock time falls in [start, end), a span that may cross midnight. */
export function withinSpan(minutes: number, start: number, end: number): boolean {
  return start < end ? minutes >= start && minutes < end : minutes >= start || minutes < end;
}

/**
 * The first whole minute at or after `from` when the Finnish clock shows `minuteOfDay` (across a
 * daylight-saving change the hour that does not exist is taken an hour later).
 */
export function nextFinnishTime(from: Date, minuteOfDay: number): Date {
  const start = new Date(Math.ceil(from.getTime() / 60_000) * 60_000);
  const ahead = (minuteOfDay - finnishMinutes(start) + DAY_MINUTES) % DAY_MINUTES;
  let at = new Date(start.getTime() + ahead * 60_000);
  // The offset changed in between: move by the difference the clock now shows.
  const drift = (finnishMinutes(at) - minuteOfDay + DAY_MINUTES) % DAY_MINUTES;
  if (drift !== 0) {
    const back = drift > DAY_MINUTES / 2 ? drift - DAY_MINUTES : drift;
    const moved = new Date(at.getTime() - back * 60_000);
    if (moved.getTime() >= start.getTime()) at = moved;
  }
  return at;
}
