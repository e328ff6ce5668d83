import { formatInZone, TIME_ZONE } from '@vahti/domain';

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A moment as the screens show it: "21.11.2026 17.04" (DD.MM.YYYY HH.mm, spec 000 §9) in Finnish
 * time, the buildings' own, whatever the browser's zone (a manager abroad reads the same hour as
 * the caretaker on site, the charts and the reports). Empty for a missing or unreadable value.
 * Alarm times are the exception the spec makes: formatUtc.
 */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const time = Date.parse(value);
  if (Number.isNaN(time)) return '';
  return formatInZone(time, TIME_ZONE);
}

/** Alarm times are shown in UTC (spec 000 §9, 001 §9): "21.11.2026 17.04 UTC". */
export function formatUtc(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getUTCDate())}.${pad(date.getUTCMonth() + 1)}.${date.getUTCFullYear()} ${pad(date.getUTCHours())}.${pad(date.getUTCMinutes())} UTC`;
}

/** A day as the screens show it: "21.11.2026" (DD.MM.YYYY, spec 000 §9). */
export function formatDate(value: string | null | undefined): string {
  return formatDateTime(value).split(' ')[0] ?? '';
}

/**
 * The clock time `seconds` from now, rounded up to the minute so it is never too early, in the
 * browser's time zone and the language's format ("14.05" in Finnish, "2:05 PM" in English).
 */
export function formatClockTimeIn(seconds: number, language: string, now = Date.now()): string {
  const at = new Date(Math.ceil((now + seconds * 1000) / 60_000) * 60_000);
  return new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(at);
}

/** A day YYYY-MM-DD as DD.MM.YYYY (spec 001 §9). */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-');
  return y && m && d ? `${d}.${m}.${y}` : day;
}
