import { TIME_ZONE, wallClockShifter } from '@vahti/domain';

/**
 * Finnish wall-clock time of an instant (ms). An export formats tens of thousands of times and
 * Intl costs microseconds per call: the shifter looks offsets up a day at a time and keeps them.
 */
const toHelsinkiWallClock = wallClockShifter(TIME_ZONE);

/**
 * The Finnish wall-clock time of `at` as a Date whose UTC fields hold it. A spreadsheet's date
 * has no time zone: ExcelJS writes a Date's UTC fields, so this is what puts Finnish time in
 * the cell.
 */
export const helsinkiWallClock = (at: Date) => new Date(toHelsinkiWallClock(at.getTime()));

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** `DD.MM.YYYY HH:mm:ss` in Finnish time. */
export function formatHelsinkiDateTime(at: Date): string {
  const w = helsinkiWallClock(at);
  return `${two(w.getUTCDate())}.${two(w.getUTCMonth() + 1)}.${w.getUTCFullYear()} ${two(w.getUTCHours())}:${two(w.getUTCMinutes())}:${two(w.getUTCSeconds())}`;
}
