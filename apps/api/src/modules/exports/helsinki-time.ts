import { TIME_ZONE } from '@vahti/domain';

const HOUR_MS = 3_600_000;
const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * Offsets of Finnish time from UTC by UTC hour. An export formats tens of thousands of times and
 * Intl costs microseconds per call; the offset changes only at whole hours (daylight saving), so
 * one Intl call per hour of data is enough. Bounded: cleared when it grows past a few years.
 */
const offsets = new Map<number, number>();
const OFFSETS_MAX = 50_000;

/** How far Finnish wall-clock time is ahead of UTC at `at`, in ms (+2 h or +3 h). */
export function helsinkiOffsetMs(at: Date): number {
  const hour = Math.floor(at.getTime() / HOUR_MS);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const probe = new Date(hour * HOUR_MS);
    const p = Object.fromEntries(parts.formatToParts(probe).map((x) => [x.type, x.value]));
    const wall = Date.UTC(
      Number(p.year),
      Number(p.month) - 1,
      Number(p.day),
      Number(p.hour),
      Number(p.minute),
      Number(p.second),
    );
    offset = wall - probe.getTime();
    if (offsets.size >= OFFSETS_MAX) offsets.clear();
    offsets.set(hour, offset);
  }
  return offset;
}

/**
 * The Finnish wall-clock time of `at` as a Date whose UTC fields hold it. A spreadsheet's date
 * has no time zone: ExcelJS writes a Date's UTC fields, so this is what puts Finnish time in
 * the cell.
 */
export const helsinkiWallClock = (at: Date) => new Date(at.getTime() + helsinkiOffsetMs(at));

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** `DD.MM.YYYY HH:mm:ss` in Finnish time. */
export function formatHelsinkiDateTime(at: Date): string {
  const w = helsinkiWallClock(at);
  return `${two(w.getUTCDate())}.${two(w.getUTCMonth() + 1)}.${w.getUTCFullYear()} ${two(w.getUTCHours())}:${two(w.getUTCMinutes())}:${two(w.getUTCSeconds())}`;
}
