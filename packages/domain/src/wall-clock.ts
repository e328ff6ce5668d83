// Wall-clock time of a time zone, from offsets looked up a day at a time and kept for the
// process: charts, reports, exports and the Finnish day bounds of a query share them.
const HOUR_MS = 3_600_000;

/** Each zone's UTC offset by the hour since the epoch, kept for the process (a year is 8,760). */
const zoneOffsets = new Map<string, { format: Intl.DateTimeFormat; byHour: Map<number, number> }>();

function offsetOfZone(timeZone: string) {
  let zone = zoneOffsets.get(timeZone);
  if (!zone) {
    zone = {
      format: new Intl.DateTimeFormat('en-GB', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      }),
      byHour: new Map(),
    };
    zoneOffsets.set(timeZone, zone);
  }
  const { format, byHour } = zone;
  const lookUp = (hour: number) => {
    const at = hour * HOUR_MS;
    const p = Object.fromEntries(format.formatToParts(at).map((x) => [x.type, x.value]));
    const wall = Date.UTC(
      Number(p.year),
      Number(p.month) - 1,
      Number(p.day),
      Number(p.hour),
      Number(p.minute),
    );
    return wall - at;
  };
  return (hour: number) => {
    const known = byHour.get(hour);
    if (known !== undefined) return known;
    // A zone changes its offset at most once in a day: when both ends of the UTC day agree, so
    // does every hour between (2 look-ups a day instead of 24).
    const first = Math.floor(hour / 24) * 24;
    const startOffset = lookUp(first);
    const endOffset = lookUp(first + 24);
    for (let h = first; h < first + 24; h += 1) {
      byHour.set(h, startOffset === endOffset ? startOffset : lookUp(h));
    }
    return byHour.get(hour) as number;
  };
}

/**
 * An instant moved so that its UTC fields show the wall-clock time of `timeZone`. ECharts places
 * time-axis ticks and formats labels in the runtime's local zone, or in UTC with `useUTC`; a
 * server runs in UTC, so the PDF draws wall-clock instants with `useUTC` to put the day ticks on
 * local midnights. The offsets are looked up a day at a time and kept for the process, so the
 * ten charts of a report (and the next report) share them.
 */
export function wallClockShifter(timeZone: string) {
  const offsetAt = offsetOfZone(timeZone);
  return (timeMs: number) => timeMs + offsetAt(Math.floor(timeMs / HOUR_MS));
}
